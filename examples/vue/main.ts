/// <reference types="vite/client" />
import { createApp } from 'vue';
import workerUrl from 'esign-elements/pdf.worker.min.mjs?url';
import { setPdfWorkerSrc } from 'esign-elements';
import Contract from './Contract.vue';

// Importing esign-elements defines the elements before Vue mounts, so Vue sees their properties.
setPdfWorkerSrc(workerUrl);
createApp(Contract, { src: '/fixtures/pdfjs-tracemonkey.pdf' }).mount('#app');
