// Japanese strings of the shared (viewer, errors, field and recipient names, REST client) table.
import type { Translation } from '../i18n.ts';

export default {
  'viewer.label': 'PDF 文書',
  'viewer.loading': '文書を読み込んでいます…',
  'viewer.loadingProgress': '文書を読み込んでいます: {percent}%',
  'viewer.empty': '文書がありません',
  'viewer.page': '{page} / {pages} ページ',
  'viewer.pageShort': '{page} / {pages}',
  'viewer.previousPage': '前のページ',
  'viewer.nextPage': '次のページ',
  'viewer.zoomIn': '拡大',
  'viewer.zoomOut': '縮小',
  'viewer.zoomLevel': 'ズーム {percent}',
  'viewer.toolbar': '文書の操作',
  'error.title': 'この文書を表示できません',
  'error.invalid': 'ファイルが有効な PDF ではないか、破損しています。元のファイルをもう一度アップロードするか、PDF として保存し直してから再度お試しください。',
  'error.encrypted':
    'この PDF はパスワードで保護されています。パスワードなしのコピーをアップロードしてください（パスワードを入力して開き、保護なしで保存またはエクスポートしてください）。',
  'error.unauthorized':
    '文書へのアクセスが拒否されました（HTTP {status}）。アクセストークンの有効期限が切れているか、この文書に対して有効ではありません。ページを再読み込みして新しいトークンを取得してください。',
  'error.notFound': '文書が見つかりません（HTTP 404）。リンクまたは文書 ID をご確認ください。',
  'error.http': '文書の読み込み中にサーバーが HTTP {status} を返しました。しばらくしてから再度お試しください。',
  'error.network': '文書をダウンロードできませんでした。ネットワークまたはサーバーに接続できません。接続を確認して、再度お試しください。',
  'error.missingSource':
    '読み込む対象がありません。`src` を設定するか、PDF のバイト列を渡すか、`endpoint`・`token` と `template` または `document` の ID を設定してください。',
  'error.unknown': '文書を開けませんでした: {detail}',
  'field.signature': '署名',
  'field.initials': 'イニシャル',
  'field.text': 'テキスト',
  'field.admin': '送信者の項目',
  'field.optional': '任意',
  'field.label': '{label}（{signer}）',
  'signer.sender': '送信者',
  'signer.signer': '署名者 {index}',
  'signer.witness': '立会人 {index}',
  'signer.approver': '承認者 {index}',
  'rest.network': 'サーバーに接続できません。接続を確認して、再度お試しください。',
  'rest.unauthorized':
    'アクセスが拒否されました（HTTP {status}）。アクセストークンの有効期限が切れているか、この操作が許可されていません。ページを再読み込みして新しいトークンを取得してください。',
  'rest.notFound': '見つかりません（HTTP 404）。ID をご確認ください。',
  'rest.http': 'サーバーが HTTP {status} を返しました。しばらくしてから再度お試しください。',
  'rest.notJson': 'サーバーの応答が JSON ではありません。',
  'rest.notList': 'サーバーの応答が項目の一覧ではありません。',
  'field.signingDate': '署名日',
} satisfies Translation;
