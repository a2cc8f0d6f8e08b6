import frAuth from '../locales/fr/auth.json';
import frChat from '../locales/fr/chat.json';
import frCommon from '../locales/fr/common.json';
import frCredits from '../locales/fr/credits.json';
import frDirectives from '../locales/fr/directives.json';
import frMaskEditor from '../locales/fr/maskEditor.json';
import frProjects from '../locales/fr/projects.json';
import frTransform from '../locales/fr/transform.json';
import frVideo from '../locales/fr/video.json';

/** The fr texts of every namespace of the app shell (loaded on demand: i18n-resources.ts). */
export default {
  auth: frAuth,
  chat: frChat,
  common: frCommon,
  credits: frCredits,
  directives: frDirectives,
  maskEditor: frMaskEditor,
  projects: frProjects,
  transform: frTransform,
  video: frVideo,
};
