// Polish strings of the shared (viewer, errors, field and recipient names, REST client) table.
import type { Translation } from '../i18n.ts';

export default {
  'viewer.label': 'Dokument PDF',
  'viewer.loading': 'Wczytywanie dokumentu…',
  'viewer.loadingProgress': 'Wczytywanie dokumentu: {percent}%',
  'viewer.empty': 'Brak dokumentu',
  'viewer.page': 'Strona {page} z {pages}',
  'viewer.pageShort': '{page} / {pages}',
  'viewer.previousPage': 'Poprzednia strona',
  'viewer.nextPage': 'Następna strona',
  'viewer.zoomIn': 'Powiększ',
  'viewer.zoomOut': 'Pomniejsz',
  'viewer.zoomLevel': 'Powiększenie {percent}',
  'viewer.toolbar': 'Sterowanie dokumentem',
  'error.title': 'Nie można wyświetlić tego dokumentu',
  'error.invalid':
    'Plik nie jest prawidłowym plikiem PDF lub jest uszkodzony. Prześlij ponownie oryginalny plik albo zapisz go jeszcze raz jako PDF i spróbuj ponownie.',
  'error.encrypted':
    'Ten plik PDF jest chroniony hasłem. Prześlij kopię bez hasła (otwórz plik, podając hasło, i zapisz go lub wyeksportuj bez zabezpieczenia).',
  'error.unauthorized':
    'Odmowa dostępu do dokumentu (HTTP {status}): token dostępu wygasł lub nie obejmuje tego dokumentu. Odśwież stronę, aby uzyskać nowy token.',
  'error.notFound': 'Nie znaleziono dokumentu (HTTP 404). Sprawdź link lub identyfikator dokumentu.',
  'error.http': 'Podczas wczytywania dokumentu serwer odpowiedział kodem HTTP {status}. Spróbuj ponownie później.',
  'error.network': 'Nie udało się pobrać dokumentu: sieć lub serwer są niedostępne. Sprawdź połączenie i spróbuj ponownie.',
  'error.missingSource':
    'Brak danych do wczytania: ustaw `src`, przekaż bajty pliku PDF albo ustaw `endpoint`, `token` oraz identyfikator `template` lub `document`.',
  'error.unknown': 'Nie udało się otworzyć dokumentu: {detail}',
  'field.signature': 'Podpis',
  'field.initials': 'Parafa',
  'field.text': 'Tekst',
  'field.admin': 'Pole nadawcy',
  'field.optional': 'opcjonalne',
  'field.label': '{label} ({signer})',
  'signer.sender': 'Nadawca',
  'signer.signer': 'Podpisujący {index}',
  'signer.witness': 'Świadek {index}',
  'signer.approver': 'Zatwierdzający {index}',
  'rest.network': 'Nie można połączyć się z serwerem. Sprawdź połączenie i spróbuj ponownie.',
  'rest.unauthorized': 'Odmowa dostępu (HTTP {status}): token dostępu wygasł lub nie uprawnia do tej czynności. Odśwież stronę, aby uzyskać nowy token.',
  'rest.notFound': 'Nie znaleziono (HTTP 404). Sprawdź identyfikator.',
  'rest.http': 'Serwer odpowiedział kodem HTTP {status}. Spróbuj ponownie później.',
  'rest.notJson': 'Odpowiedź serwera nie jest w formacie JSON.',
  'rest.notList': 'Odpowiedź serwera nie jest listą pól.',
  'field.signingDate': 'Data podpisania',
} satisfies Translation;
