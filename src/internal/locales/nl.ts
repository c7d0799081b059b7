// Dutch strings of the shared (viewer, errors, field and recipient names, REST client) table.
import type { Translation } from '../i18n.ts';

export default {
  'viewer.label': 'Pdf-document',
  'viewer.loading': 'Document laden…',
  'viewer.loadingProgress': 'Document laden: {percent}%',
  'viewer.empty': 'Geen document',
  'viewer.page': 'Pagina {page} van {pages}',
  'viewer.pageShort': '{page} / {pages}',
  'viewer.previousPage': 'Vorige pagina',
  'viewer.nextPage': 'Volgende pagina',
  'viewer.zoomIn': 'Inzoomen',
  'viewer.zoomOut': 'Uitzoomen',
  'viewer.zoomLevel': 'Zoom {percent}',
  'viewer.toolbar': 'Documentbediening',
  'error.title': 'Dit document kan niet worden weergegeven',
  'error.invalid':
    'Het bestand is geen geldige pdf of is beschadigd. Upload het oorspronkelijke bestand opnieuw, of sla het opnieuw op als pdf en probeer het nog eens.',
  'error.encrypted':
    'Deze pdf is beveiligd met een wachtwoord. Upload een kopie zonder wachtwoord (open het bestand met het wachtwoord en sla het op of exporteer het zonder beveiliging).',
  'error.unauthorized':
    'Toegang tot het document geweigerd (HTTP {status}): het toegangstoken is verlopen of geldt niet voor dit document. Laad de pagina opnieuw om een nieuw token te krijgen.',
  'error.notFound': 'Het document is niet gevonden (HTTP 404). Controleer de link of het document-ID.',
  'error.http': 'De server antwoordde met HTTP {status} bij het laden van het document. Probeer het later opnieuw.',
  'error.network': 'Het document kon niet worden gedownload: het netwerk of de server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
  'error.missingSource': 'Niets te laden: stel `src` in, geef de pdf-bytes door, of stel `endpoint`, `token` en een `template`- of `document`-ID in.',
  'error.unknown': 'Het document kon niet worden geopend: {detail}',
  'field.signature': 'Handtekening',
  'field.initials': 'Paraaf',
  'field.text': 'Tekst',
  'field.admin': 'Afzenderveld',
  'field.optional': 'optioneel',
  'field.label': '{label} ({signer})',
  'signer.sender': 'Afzender',
  'signer.signer': 'Ondertekenaar {index}',
  'signer.witness': 'Getuige {index}',
  'signer.approver': 'Goedkeurder {index}',
  'rest.network': 'De server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
  'rest.unauthorized':
    'Toegang geweigerd (HTTP {status}): het toegangstoken is verlopen of geeft geen toestemming voor deze actie. Laad de pagina opnieuw om een nieuw token te krijgen.',
  'rest.notFound': 'Niet gevonden (HTTP 404). Controleer het ID.',
  'rest.http': 'De server antwoordde met HTTP {status}. Probeer het later opnieuw.',
  'rest.notJson': 'Het antwoord van de server is geen JSON.',
  'rest.notList': 'Het antwoord van de server is geen lijst met velden.',
  'field.signingDate': 'Ondertekeningsdatum',
} satisfies Translation;
