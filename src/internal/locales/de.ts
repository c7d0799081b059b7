// German strings of the shared (viewer, errors, field and recipient names, REST client) table.
import type { Translation } from '../i18n.ts';

export default {
  'viewer.label': 'PDF-Dokument',
  'viewer.loading': 'Dokument wird geladen …',
  'viewer.loadingProgress': 'Dokument wird geladen: {percent} %',
  'viewer.empty': 'Kein Dokument',
  'viewer.page': 'Seite {page} von {pages}',
  'viewer.pageShort': '{page} / {pages}',
  'viewer.previousPage': 'Vorherige Seite',
  'viewer.nextPage': 'Nächste Seite',
  'viewer.zoomIn': 'Vergrößern',
  'viewer.zoomOut': 'Verkleinern',
  'viewer.zoomLevel': 'Zoom {percent}',
  'viewer.toolbar': 'Dokumentsteuerung',
  'error.title': 'Dieses Dokument kann nicht angezeigt werden',
  'error.invalid':
    'Die Datei ist kein gültiges PDF oder ist beschädigt. Laden Sie die Originaldatei erneut hoch oder speichern Sie sie noch einmal als PDF und versuchen Sie es erneut.',
  'error.encrypted':
    'Dieses PDF ist passwortgeschützt. Laden Sie eine Kopie ohne Passwort hoch (öffnen Sie die Datei mit dem Passwort und speichern oder exportieren Sie sie ohne Schutz).',
  'error.unauthorized':
    'Der Zugriff auf das Dokument wurde verweigert (HTTP {status}): Das Zugriffstoken ist abgelaufen oder gilt nicht für dieses Dokument. Laden Sie die Seite neu, um ein neues Token zu erhalten.',
  'error.notFound': 'Das Dokument wurde nicht gefunden (HTTP 404). Prüfen Sie den Link oder die Dokument-ID.',
  'error.http': 'Der Server hat beim Laden des Dokuments mit HTTP {status} geantwortet. Versuchen Sie es später erneut.',
  'error.network':
    'Das Dokument konnte nicht heruntergeladen werden: Das Netzwerk oder der Server ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  'error.missingSource':
    'Nichts zu laden: Setzen Sie `src`, übergeben Sie die PDF-Bytes oder setzen Sie `endpoint`, `token` und eine `template`- oder `document`-ID.',
  'error.unknown': 'Das Dokument konnte nicht geöffnet werden: {detail}',
  'field.signature': 'Unterschrift',
  'field.initials': 'Initialen',
  'field.text': 'Text',
  'field.admin': 'Absenderfeld',
  'field.optional': 'optional',
  'field.label': '{label} ({signer})',
  'signer.sender': 'Absender',
  'signer.signer': 'Unterzeichner {index}',
  'signer.witness': 'Zeuge {index}',
  'signer.approver': 'Genehmiger {index}',
  'rest.network': 'Der Server ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  'rest.unauthorized':
    'Der Zugriff wurde verweigert (HTTP {status}): Das Zugriffstoken ist abgelaufen oder berechtigt nicht zu dieser Aktion. Laden Sie die Seite neu, um ein neues Token zu erhalten.',
  'rest.notFound': 'Nicht gefunden (HTTP 404). Prüfen Sie die ID.',
  'rest.http': 'Der Server hat mit HTTP {status} geantwortet. Versuchen Sie es später erneut.',
  'rest.notJson': 'Die Antwort des Servers ist kein JSON.',
  'rest.notList': 'Die Antwort des Servers ist keine Liste von Feldern.',
  'field.signingDate': 'Unterschriftsdatum',
} satisfies Translation;
