// The docs site's theme: VitePress's default theme plus the console on every method page (TryIt).
// Copied from templates/docs/theme by the docs emitter.
import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import TryIt from './TryIt.vue';
import './try.css';

const theme: Theme = {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('TryIt', TryIt);
  },
};

export default theme;
