import esAuth from '../locales/es/auth.json';
import esChat from '../locales/es/chat.json';
import esCommon from '../locales/es/common.json';
import esCredits from '../locales/es/credits.json';
import esDirectives from '../locales/es/directives.json';
import esMaskEditor from '../locales/es/maskEditor.json';
import esProjects from '../locales/es/projects.json';
import esTransform from '../locales/es/transform.json';
import esVideo from '../locales/es/video.json';

/** The es texts of every namespace of the app shell (loaded on demand: i18n-resources.ts). */
export default {
  auth: esAuth,
  chat: esChat,
  common: esCommon,
  credits: esCredits,
  directives: esDirectives,
  maskEditor: esMaskEditor,
  projects: esProjects,
  transform: esTransform,
  video: esVideo,
};
