// French strings of the shared (viewer, errors, field and recipient names, REST client) table.
import type { Translation } from '../i18n.ts';

export default {
  'viewer.label': 'Document PDF',
  'viewer.loading': 'Chargement du document…',
  'viewer.loadingProgress': 'Chargement du document : {percent} %',
  'viewer.empty': 'Aucun document',
  'viewer.page': 'Page {page} sur {pages}',
  'viewer.pageShort': '{page} / {pages}',
  'viewer.previousPage': 'Page précédente',
  'viewer.nextPage': 'Page suivante',
  'viewer.zoomIn': 'Zoom avant',
  'viewer.zoomOut': 'Zoom arrière',
  'viewer.zoomLevel': 'Zoom {percent}',
  'viewer.toolbar': 'Commandes du document',
  'error.title': 'Impossible d’afficher ce document',
  'error.invalid':
    'Le fichier n’est pas un PDF valide ou il est endommagé. Importez à nouveau le fichier d’origine, ou enregistrez-le de nouveau au format PDF et réessayez.',
  'error.encrypted':
    'Ce PDF est protégé par un mot de passe. Importez une copie sans mot de passe (ouvrez-le avec le mot de passe, puis enregistrez-le ou exportez-le sans protection).',
  'error.unauthorized':
    'L’accès au document a été refusé (HTTP {status}) : le jeton d’accès a expiré ou ne couvre pas ce document. Rechargez la page pour obtenir un nouveau jeton.',
  'error.notFound': 'Document introuvable (HTTP 404). Vérifiez le lien ou l’identifiant du document.',
  'error.http': 'Le serveur a répondu HTTP {status} lors du chargement du document. Réessayez plus tard.',
  'error.network': 'Impossible de télécharger le document : le réseau ou le serveur est injoignable. Vérifiez la connexion et réessayez.',
  'error.missingSource':
    'Rien à charger : définissez `src`, fournissez les octets du PDF, ou définissez `endpoint`, `token` et un identifiant `template` ou `document`.',
  'error.unknown': 'Impossible d’ouvrir le document : {detail}',
  'field.signature': 'Signature',
  'field.initials': 'Paraphe',
  'field.text': 'Texte',
  'field.admin': 'Champ de l’expéditeur',
  'field.optional': 'facultatif',
  'field.label': '{label} ({signer})',
  'signer.sender': 'Expéditeur',
  'signer.signer': 'Signataire {index}',
  'signer.witness': 'Témoin {index}',
  'signer.approver': 'Approbateur {index}',
  'rest.network': 'Impossible de joindre le serveur. Vérifiez la connexion et réessayez.',
  'rest.unauthorized':
    'Accès refusé (HTTP {status}) : le jeton d’accès a expiré ou n’autorise pas cette action. Rechargez la page pour obtenir un nouveau jeton.',
  'rest.notFound': 'Introuvable (HTTP 404). Vérifiez l’identifiant.',
  'rest.http': 'Le serveur a répondu HTTP {status}. Réessayez plus tard.',
  'rest.notJson': 'La réponse du serveur n’est pas du JSON.',
  'rest.notList': 'La réponse du serveur n’est pas une liste de champs.',
  'field.signingDate': 'Date de signature',
} satisfies Translation;
