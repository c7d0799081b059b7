// The portal bundle's entry (vite mode `portal` → dist/portal/portal.js): the page language, then the app.
import { applyLang } from '../i18n.js';
import { lang } from './text.js';
import './portal-app/portal-app.js';

applyLang(lang, 'portal.title');
