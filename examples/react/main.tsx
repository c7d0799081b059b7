/// <reference types="vite/client" />
/**
 * esign-elements in a React app: the components from `esign-elements/react` take the elements'
 * properties as typed props (`fields` is a property, never an attribute) and every `esign-*` event as an
 * `onEsign…` prop whose event detail is typed.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import workerUrl from 'esign-elements/pdf.worker.min.mjs?url';
import { setPdfWorkerSrc, type FieldElement } from 'esign-elements';
import { EsignViewer } from 'esign-elements/react';

// pdf.js parses in a worker; the bundler gives it a URL (its data folders are found beside it).
setPdfWorkerSrc(workerUrl);

const PDF = '/fixtures/pdfjs-tracemonkey.pdf';

const box = (signer: number, label: string): FieldElement =>
  ({ page: 1, ax: 0.1, ay: 0.1 + signer * 0.1, bx: 0.4, by: 0.15 + signer * 0.1, element_type: 'signature', signer, label }) as FieldElement;

function Contract({ src }: { src: string }) {
  const [fields, setFields] = useState<FieldElement[]>([box(1, 'Tenant')]);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  return (
    <>
      <p role="status">{error || (pages > 0 ? `Page ${page} of ${pages}` : 'Opening the document…')}</p>
      <button type="button" onClick={() => setFields((current) => [...current, box(2, 'Landlord')])}>
        Add the landlord's signature
      </button>
      <EsignViewer
        src={src}
        fields={fields}
        zoom="fit-width"
        style={{ display: 'block', width: 800, height: 700 }}
        onEsignReady={(event) => setPages(event.detail.pages)}
        onEsignPageChange={(event) => setPage(event.detail.page)}
        onEsignError={(event) => setError(event.detail.message)}
      />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<Contract src={PDF} />);
