// The demo pages' strings, keyed like the elements' tables (src/internal/i18n.ts), in the same 12 languages.
// The page's language: `?lang=`, then the document's (given by the page once the server says it), then the
// browser's first shipped language, then English. Setting it also sets <html lang dir>, which the
// elements on the page follow.

export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ja', 'zh', 'ar', 'he'];
const RTL = new Set(['ar', 'he']);

export const DEMO_EN = {
  'sign.heading': 'esign-elements · signing',
  'sign.title': 'Sign a document · esign-elements',
  'sign.tab': '{name} · Sign',
  'sign.needLink': 'This page needs a signing link: open the link from your invitation email.',
  'sign.refused': 'The signing link was refused (HTTP {status}).',
  'sign.download': 'Download the signed PDF',
  'sign.file': '{name} (signed).pdf',
  'sign.preparing': "Preparing the signed PDF…",
  'sign.notReady': "The signed PDF is not ready yet: the email you receive when it is ready has a link to it.",
  'review.heading': 'esign-elements · review',
  'review.title': 'Review a document · esign-elements',
  'review.note': 'Read-only: you are a reviewer of this document.',
  'review.needLink': 'This page needs a review link: open the link from your reviewer email.',
  'review.refused': 'The review link was refused (HTTP {status}).',
  'review.downloadSigned': 'Download the signed PDF',
  'review.download': 'Download the PDF',
  'editor.heading': 'Edit template fields',
  'editor.title': 'Edit template fields · esign-elements',
  'editor.needLink': 'This page needs an edit link: GET /api/v1/templatepdf/{id}/edit-link/ with your API key gives one.',
  'page.notBuilt': 'The component library is not built yet: run `npm run build` and reload.',
  'page.document': 'document',
};

const TABLES = {
  de: {
    'sign.heading': 'esign-elements · Unterzeichnen', 'sign.title': 'Dokument unterzeichnen · esign-elements', 'sign.tab': '{name} · Unterzeichnen',
    'sign.needLink': 'Für diese Seite brauchen Sie einen Signaturlink: Öffnen Sie den Link aus Ihrer Einladungs-E-Mail.',
    'sign.refused': 'Der Signaturlink wurde abgelehnt (HTTP {status}).', 'sign.download': 'Unterschriebenes PDF herunterladen', 'sign.file': '{name} (unterschrieben).pdf',
    'sign.preparing': "Das unterschriebene PDF wird vorbereitet…", 'sign.notReady': "Das unterschriebene PDF ist noch nicht fertig: Die E-Mail, die Sie dann erhalten, enthält einen Link dazu.",
    'review.heading': 'esign-elements · Prüfung', 'review.title': 'Dokument prüfen · esign-elements', 'review.note': 'Nur lesen: Sie prüfen dieses Dokument.',
    'review.needLink': 'Für diese Seite brauchen Sie einen Prüflink: Öffnen Sie den Link aus Ihrer E-Mail.',
    'review.refused': 'Der Prüflink wurde abgelehnt (HTTP {status}).', 'review.downloadSigned': 'Unterschriebenes PDF herunterladen', 'review.download': 'PDF herunterladen',
    'editor.heading': 'Vorlagenfelder bearbeiten', 'editor.title': 'Vorlagenfelder bearbeiten · esign-elements',
    'editor.needLink': 'Für diese Seite brauchen Sie einen Bearbeitungslink: GET /api/v1/templatepdf/{id}/edit-link/ mit Ihrem API-Schlüssel liefert ihn.',
    'page.notBuilt': 'Die Komponentenbibliothek ist noch nicht gebaut: Führen Sie `npm run build` aus und laden Sie die Seite neu.', 'page.document': 'Dokument',
  },
  fr: {
    'sign.heading': 'esign-elements · signature', 'sign.title': 'Signer un document · esign-elements', 'sign.tab': '{name} · Signature',
    'sign.needLink': 'Cette page nécessite un lien de signature : ouvrez le lien reçu dans votre e-mail d’invitation.',
    'sign.refused': 'Le lien de signature a été refusé (HTTP {status}).', 'sign.download': 'Télécharger le PDF signé', 'sign.file': '{name} (signé).pdf',
    'sign.preparing': "Préparation du PDF signé…", 'sign.notReady': "Le PDF signé n’est pas encore prêt : l’e-mail que vous recevrez ensuite contient un lien vers celui-ci.",
    'review.heading': 'esign-elements · relecture', 'review.title': 'Relire un document · esign-elements', 'review.note': 'Lecture seule : vous êtes relecteur de ce document.',
    'review.needLink': 'Cette page nécessite un lien de relecture : ouvrez le lien reçu dans votre e-mail.',
    'review.refused': 'Le lien de relecture a été refusé (HTTP {status}).', 'review.downloadSigned': 'Télécharger le PDF signé', 'review.download': 'Télécharger le PDF',
    'editor.heading': 'Modifier les champs du modèle', 'editor.title': 'Modifier les champs du modèle · esign-elements',
    'editor.needLink': 'Cette page nécessite un lien de modification : GET /api/v1/templatepdf/{id}/edit-link/ avec votre clé d’API vous en donne un.',
    'page.notBuilt': 'La bibliothèque de composants n’est pas encore construite : lancez `npm run build` et rechargez la page.', 'page.document': 'document',
  },
  es: {
    'sign.heading': 'esign-elements · firma', 'sign.title': 'Firmar un documento · esign-elements', 'sign.tab': '{name} · Firmar',
    'sign.needLink': 'Esta página necesita un enlace de firma: abra el enlace de su correo de invitación.',
    'sign.refused': 'Se rechazó el enlace de firma (HTTP {status}).', 'sign.download': 'Descargar el PDF firmado', 'sign.file': '{name} (firmado).pdf',
    'sign.preparing': "Preparando el PDF firmado…", 'sign.notReady': "El PDF firmado aún no está listo: el correo que recibirá cuando lo esté incluye un enlace.",
    'review.heading': 'esign-elements · revisión', 'review.title': 'Revisar un documento · esign-elements', 'review.note': 'Solo lectura: usted es revisor de este documento.',
    'review.needLink': 'Esta página necesita un enlace de revisión: abra el enlace de su correo.',
    'review.refused': 'Se rechazó el enlace de revisión (HTTP {status}).', 'review.downloadSigned': 'Descargar el PDF firmado', 'review.download': 'Descargar el PDF',
    'editor.heading': 'Editar los campos de la plantilla', 'editor.title': 'Editar los campos de la plantilla · esign-elements',
    'editor.needLink': 'Esta página necesita un enlace de edición: GET /api/v1/templatepdf/{id}/edit-link/ con su clave de API le da uno.',
    'page.notBuilt': 'La biblioteca de componentes aún no está compilada: ejecute `npm run build` y recargue la página.', 'page.document': 'documento',
  },
  it: {
    'sign.heading': 'esign-elements · firma', 'sign.title': 'Firmare un documento · esign-elements', 'sign.tab': '{name} · Firma',
    'sign.needLink': 'Per questa pagina serve un link di firma: apra il link ricevuto nell’email di invito.',
    'sign.refused': 'Il link di firma è stato rifiutato (HTTP {status}).', 'sign.download': 'Scarica il PDF firmato', 'sign.file': '{name} (firmato).pdf',
    'sign.preparing': "Preparazione del PDF firmato…", 'sign.notReady': "Il PDF firmato non è ancora pronto: l’e-mail che riceverai quando sarà pronto contiene un link.",
    'review.heading': 'esign-elements · revisione', 'review.title': 'Revisionare un documento · esign-elements', 'review.note': 'Sola lettura: lei è revisore di questo documento.',
    'review.needLink': 'Per questa pagina serve un link di revisione: apra il link ricevuto via email.',
    'review.refused': 'Il link di revisione è stato rifiutato (HTTP {status}).', 'review.downloadSigned': 'Scarica il PDF firmato', 'review.download': 'Scarica il PDF',
    'editor.heading': 'Modifica i campi del modello', 'editor.title': 'Modifica i campi del modello · esign-elements',
    'editor.needLink': 'Per questa pagina serve un link di modifica: GET /api/v1/templatepdf/{id}/edit-link/ con la sua chiave API ne fornisce uno.',
    'page.notBuilt': 'La libreria dei componenti non è ancora compilata: esegua `npm run build` e ricarichi la pagina.', 'page.document': 'documento',
  },
  pt: {
    'sign.heading': 'esign-elements · assinatura', 'sign.title': 'Assinar um documento · esign-elements', 'sign.tab': '{name} · Assinar',
    'sign.needLink': 'Esta página precisa de um link de assinatura: abra o link do seu e-mail de convite.',
    'sign.refused': 'O link de assinatura foi recusado (HTTP {status}).', 'sign.download': 'Baixar o PDF assinado', 'sign.file': '{name} (assinado).pdf',
    'sign.preparing': "A preparar o PDF assinado…", 'sign.notReady': "O PDF assinado ainda não está pronto: o e-mail que receberá quando estiver pronto tem uma ligação para ele.",
    'review.heading': 'esign-elements · revisão', 'review.title': 'Revisar um documento · esign-elements', 'review.note': 'Somente leitura: você é revisor deste documento.',
    'review.needLink': 'Esta página precisa de um link de revisão: abra o link do seu e-mail.',
    'review.refused': 'O link de revisão foi recusado (HTTP {status}).', 'review.downloadSigned': 'Baixar o PDF assinado', 'review.download': 'Baixar o PDF',
    'editor.heading': 'Editar os campos do modelo', 'editor.title': 'Editar os campos do modelo · esign-elements',
    'editor.needLink': 'Esta página precisa de um link de edição: GET /api/v1/templatepdf/{id}/edit-link/ com sua chave de API fornece um.',
    'page.notBuilt': 'A biblioteca de componentes ainda não foi compilada: execute `npm run build` e recarregue a página.', 'page.document': 'documento',
  },
  nl: {
    'sign.heading': 'esign-elements · ondertekenen', 'sign.title': 'Een document ondertekenen · esign-elements', 'sign.tab': '{name} · Ondertekenen',
    'sign.needLink': 'Voor deze pagina is een ondertekeningslink nodig: open de link uit uw uitnodigingsmail.',
    'sign.refused': 'De ondertekeningslink is geweigerd (HTTP {status}).', 'sign.download': 'Ondertekende pdf downloaden', 'sign.file': '{name} (ondertekend).pdf',
    'sign.preparing': "De ondertekende pdf wordt voorbereid…", 'sign.notReady': "De ondertekende pdf is nog niet klaar: de e-mail die u ontvangt zodra hij klaar is, bevat een link.",
    'review.heading': 'esign-elements · beoordeling', 'review.title': 'Een document beoordelen · esign-elements', 'review.note': 'Alleen lezen: u bent beoordelaar van dit document.',
    'review.needLink': 'Voor deze pagina is een beoordelingslink nodig: open de link uit uw e-mail.',
    'review.refused': 'De beoordelingslink is geweigerd (HTTP {status}).', 'review.downloadSigned': 'Ondertekende pdf downloaden', 'review.download': 'Pdf downloaden',
    'editor.heading': 'Sjabloonvelden bewerken', 'editor.title': 'Sjabloonvelden bewerken · esign-elements',
    'editor.needLink': 'Voor deze pagina is een bewerkingslink nodig: GET /api/v1/templatepdf/{id}/edit-link/ met uw API-sleutel geeft er een.',
    'page.notBuilt': 'De componentenbibliotheek is nog niet gebouwd: voer `npm run build` uit en laad de pagina opnieuw.', 'page.document': 'document',
  },
  pl: {
    'sign.heading': 'esign-elements · podpisywanie', 'sign.title': 'Podpisz dokument · esign-elements', 'sign.tab': '{name} · Podpis',
    'sign.needLink': 'Ta strona wymaga linku do podpisu: otwórz link z e-maila z zaproszeniem.',
    'sign.refused': 'Link do podpisu został odrzucony (HTTP {status}).', 'sign.download': 'Pobierz podpisany plik PDF', 'sign.file': '{name} (podpisany).pdf',
    'sign.preparing': "Przygotowywanie podpisanego pliku PDF…", 'sign.notReady': "Podpisany PDF nie jest jeszcze gotowy: e-mail, który otrzymasz, gdy będzie gotowy, zawiera do niego link.",
    'review.heading': 'esign-elements · przegląd', 'review.title': 'Przejrzyj dokument · esign-elements', 'review.note': 'Tylko do odczytu: jesteś recenzentem tego dokumentu.',
    'review.needLink': 'Ta strona wymaga linku do przeglądu: otwórz link z otrzymanego e-maila.',
    'review.refused': 'Link do przeglądu został odrzucony (HTTP {status}).', 'review.downloadSigned': 'Pobierz podpisany plik PDF', 'review.download': 'Pobierz plik PDF',
    'editor.heading': 'Edytuj pola szablonu', 'editor.title': 'Edytuj pola szablonu · esign-elements',
    'editor.needLink': 'Ta strona wymaga linku do edycji: GET /api/v1/templatepdf/{id}/edit-link/ z Twoim kluczem API zwraca taki link.',
    'page.notBuilt': 'Biblioteka komponentów nie została jeszcze zbudowana: uruchom `npm run build` i odśwież stronę.', 'page.document': 'dokument',
  },
  ja: {
    'sign.heading': 'esign-elements · 署名', 'sign.title': '文書に署名 · esign-elements', 'sign.tab': '{name} · 署名',
    'sign.needLink': 'このページを開くには署名用リンクが必要です。招待メールのリンクから開いてください。',
    'sign.refused': '署名用リンクが拒否されました（HTTP {status}）。', 'sign.download': '署名済み PDF をダウンロード', 'sign.file': '{name}（署名済み）.pdf',
    'sign.preparing': "署名済みPDFを準備しています…", 'sign.notReady': "署名済みPDFはまだ準備できていません。準備ができると届くメールにリンクがあります。",
    'review.heading': 'esign-elements · レビュー', 'review.title': '文書のレビュー · esign-elements', 'review.note': '閲覧のみ: あなたはこの文書のレビュー担当者です。',
    'review.needLink': 'このページを開くにはレビュー用リンクが必要です。メールのリンクから開いてください。',
    'review.refused': 'レビュー用リンクが拒否されました（HTTP {status}）。', 'review.downloadSigned': '署名済み PDF をダウンロード', 'review.download': 'PDF をダウンロード',
    'editor.heading': 'テンプレートの項目を編集', 'editor.title': 'テンプレートの項目を編集 · esign-elements',
    'editor.needLink': 'このページを開くには編集用リンクが必要です。API キーで GET /api/v1/templatepdf/{id}/edit-link/ を呼び出すと取得できます。',
    'page.notBuilt': 'コンポーネントライブラリがまだビルドされていません。`npm run build` を実行してから再読み込みしてください。', 'page.document': '文書',
  },
  zh: {
    'sign.heading': 'esign-elements · 签署', 'sign.title': '签署文档 · esign-elements', 'sign.tab': '{name} · 签署',
    'sign.needLink': '此页面需要签署链接：请打开邀请邮件中的链接。',
    'sign.refused': '签署链接被拒绝（HTTP {status}）。', 'sign.download': '下载已签署的 PDF', 'sign.file': '{name}（已签署）.pdf',
    'sign.preparing': "正在准备已签署的 PDF…", 'sign.notReady': "已签署的 PDF 尚未就绪：就绪后您收到的电子邮件中会附有链接。",
    'review.heading': 'esign-elements · 审阅', 'review.title': '审阅文档 · esign-elements', 'review.note': '只读：您是此文档的审阅人。',
    'review.needLink': '此页面需要审阅链接：请打开审阅邮件中的链接。',
    'review.refused': '审阅链接被拒绝（HTTP {status}）。', 'review.downloadSigned': '下载已签署的 PDF', 'review.download': '下载 PDF',
    'editor.heading': '编辑模板字段', 'editor.title': '编辑模板字段 · esign-elements',
    'editor.needLink': '此页面需要编辑链接：使用您的 API 密钥调用 GET /api/v1/templatepdf/{id}/edit-link/ 即可获取。',
    'page.notBuilt': '组件库尚未构建：请运行 `npm run build` 后刷新页面。', 'page.document': '文档',
  },
  ar: {
    'sign.heading': 'esign-elements · التوقيع', 'sign.title': 'توقيع مستند · esign-elements', 'sign.tab': '{name} · توقيع',
    'sign.needLink': 'تحتاج هذه الصفحة إلى رابط توقيع: افتح الرابط الوارد في رسالة الدعوة.',
    'sign.refused': 'رُفض رابط التوقيع (HTTP {status}).', 'sign.download': 'نزّل ملف PDF الموقّع', 'sign.file': '{name} (موقّع).pdf',
    'sign.preparing': "جارٍ تجهيز ملف PDF الموقّع…", 'sign.notReady': "ملف PDF الموقّع ليس جاهزًا بعد: ستتضمن الرسالة التي تصلك عند جاهزيته رابطًا إليه.",
    'review.heading': 'esign-elements · المراجعة', 'review.title': 'مراجعة مستند · esign-elements', 'review.note': 'للقراءة فقط: أنت مراجِع لهذا المستند.',
    'review.needLink': 'تحتاج هذه الصفحة إلى رابط مراجعة: افتح الرابط الوارد في رسالتك.',
    'review.refused': 'رُفض رابط المراجعة (HTTP {status}).', 'review.downloadSigned': 'نزّل ملف PDF الموقّع', 'review.download': 'نزّل ملف PDF',
    'editor.heading': 'تحرير حقول القالب', 'editor.title': 'تحرير حقول القالب · esign-elements',
    'editor.needLink': 'تحتاج هذه الصفحة إلى رابط تحرير: يمنحك الطلب GET /api/v1/templatepdf/{id}/edit-link/ بمفتاح API رابطًا.',
    'page.notBuilt': 'لم تُبنَ مكتبة المكوّنات بعد: شغّل `npm run build` ثم أعد تحميل الصفحة.', 'page.document': 'مستند',
  },
  he: {
    'sign.heading': 'esign-elements · חתימה', 'sign.title': 'חתימה על מסמך · esign-elements', 'sign.tab': '{name} · חתימה',
    'sign.needLink': 'הדף הזה דורש קישור חתימה: יש לפתוח את הקישור מהודעת ההזמנה.',
    'sign.refused': 'קישור החתימה נדחה (HTTP {status}).', 'sign.download': 'הורדת ה-PDF החתום', 'sign.file': '{name} (חתום).pdf',
    'sign.preparing': "מכינים את קובץ ה-PDF החתום…", 'sign.notReady': "קובץ ה-PDF החתום עדיין לא מוכן: בהודעת הדוא\"ל שתקבלו כשיהיה מוכן יש קישור אליו.",
    'review.heading': 'esign-elements · עיון', 'review.title': 'עיון במסמך · esign-elements', 'review.note': 'קריאה בלבד: תפקידך במסמך זה הוא עיון.',
    'review.needLink': 'הדף הזה דורש קישור עיון: יש לפתוח את הקישור מההודעה שקיבלת.',
    'review.refused': 'קישור העיון נדחה (HTTP {status}).', 'review.downloadSigned': 'הורדת ה-PDF החתום', 'review.download': 'הורדת ה-PDF',
    'editor.heading': 'עריכת שדות התבנית', 'editor.title': 'עריכת שדות התבנית · esign-elements',
    'editor.needLink': 'הדף הזה דורש קישור עריכה: קריאת GET /api/v1/templatepdf/{id}/edit-link/ עם מפתח ה-API מחזירה קישור כזה.',
    'page.notBuilt': 'ספריית הרכיבים עדיין לא נבנתה: יש להריץ `npm run build` ולרענן את הדף.', 'page.document': 'מסמך',
  },
};

export const DEMO_LOCALES = TABLES;

const shipped = (tag) => (tag && LOCALES.includes(String(tag).toLowerCase().split('-')[0]) ? String(tag) : null);

/** The page's language: `?lang=`, then `fallback` (the document's), then the browser's first shipped one, then English. */
export function pageLang(fallback) {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return shipped(asked) ?? shipped(fallback) ?? browser.map(shipped).find(Boolean) ?? 'en';
}

/** The string for `key` in `lang` (then its base language, then English), `{name}` filled from `params`. */
export function t(lang, key, params = {}) {
  const exact = String(lang).toLowerCase();
  const base = exact.split('-')[0];
  const text = TABLES[exact]?.[key] ?? TABLES[base]?.[key] ?? DEMO_EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** Sets <html lang dir> (the elements follow it), the title, and every `[data-i18n]` element's text. */
export function applyLang(lang, titleKey) {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang.toLowerCase().split('-')[0]) ? 'rtl' : 'ltr';
  if (titleKey) document.title = t(lang, titleKey);
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(lang, el.getAttribute('data-i18n'));
}
