/** The video feature's public surface: the before/after video creator, opened from a result. */
export {
  VideoCreatorLauncher,
  type VideoCreatorLauncherProps,
} from './components/video-creator-launcher.tsx';
