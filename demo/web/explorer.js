// The GraphQL explorer at /graphql/: our own small page (no CDN, works offline) instead of GraphiQL, whose
// built assets are not available here. It lists the root fields from introspection (a click puts a starting
// query in the editor), runs the query with the Authorization given, and shows the answer as it came.
import { applyLang, pageLang, t } from './i18n.js';

const lang = pageLang();
applyLang(lang, 'explorer.title');
const $ = (id) => document.getElementById(id);
const KEY = 'esign-explorer-authorization';
$('authorization').value = sessionStorage.getItem(KEY) ?? '';
$('authorization').addEventListener('change', () => sessionStorage.setItem(KEY, $('authorization').value.trim()));

async function post(query, variables = {}) {
  const auth = $('authorization').value.trim();
  const headers = { 'Content-Type': 'application/json' };
  if (auth) headers.Authorization = /^bearer /i.test(auth) ? auth : `Bearer ${auth}`;
  const response = await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function run() {
  let variables;
  try {
    variables = JSON.parse($('variables').value || '{}');
  } catch (error) {
    $('result').textContent = t(lang, 'explorer.badVariables', { reason: error.message });
    return;
  }
  $('result').textContent = t(lang, 'explorer.running');
  try {
    const { status, body } = await post($('query').value, variables);
    $('result').textContent = `HTTP ${status}\n${JSON.stringify(body, null, 2)}`;
  } catch (error) {
    $('result').textContent = t(lang, 'explorer.failed', { reason: error.message });
  }
}

const typeName = (type) => (type.kind === 'NON_NULL' ? `${typeName(type.ofType)}!` : type.kind === 'LIST' ? `[${typeName(type.ofType)}]` : type.name);
const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';

/** A starting query for a root field: its required arguments as variables, its scalar fields selected. */
function skeleton(operation, field, types) {
  const required = field.args.filter((a) => a.type.kind === 'NON_NULL');
  const params = required.map((a) => `$${a.name}: ${typeName(a.type)}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  let named = field.type;
  while (named.ofType) named = named.ofType;
  const scalars = (types.get(named.name)?.fields ?? []).filter((f) => {
    let leaf = f.type;
    while (leaf.ofType) leaf = leaf.ofType;
    return leaf.kind === 'SCALAR' || leaf.kind === 'ENUM';
  });
  const selection = scalars.length ? ` { ${scalars.map((f) => f.name).join(' ')} }` : '';
  return `${operation}${params ? ` (${params})` : ''} {\n  ${field.name}${args ? `(${args})` : ''}${selection}\n}`;
}

async function loadSchema() {
  const query = `{ __schema { queryType { name } mutationType { name } types { name kind fields { name description args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } } } }`;
  const { status, body } = await post(query);
  const schema = body?.data?.__schema;
  if (!schema) {
    const reason = body?.errors?.[0]?.message ?? `HTTP ${status}`;
    $('schema').innerHTML = '';
    const p = document.createElement('p');
    p.className = 'problem';
    p.textContent = t(lang, 'explorer.noSchema', { reason });
    $('schema').append(p);
    return;
  }
  const types = new Map(schema.types.map((type) => [type.name, type]));
  $('schema').replaceChildren();
  for (const [operation, root] of [
    ['query', schema.queryType],
    ['mutation', schema.mutationType],
  ]) {
    if (!root) continue;
    const heading = document.createElement('h3');
    heading.textContent = operation;
    const list = document.createElement('ul');
    for (const field of types.get(root.name).fields) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = `${field.name}: ${typeName(field.type)}`;
      button.addEventListener('click', () => {
        $('query').value = skeleton(operation, field, types);
        $('query').focus();
      });
      item.append(button);
      if (field.description) {
        const small = document.createElement('small');
        small.textContent = field.description;
        item.append(small);
      }
      list.append(item);
    }
    $('schema').append(heading, list);
  }
}

$('run').addEventListener('click', () => void run());
$('query').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void run();
});
$('authorization').addEventListener('change', () => void loadSchema());

/** In development on this machine the server hands out the demo key, as the other demo pages use it. */
async function demoKey() {
  try {
    const response = await fetch('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } });
    return response.ok ? ((await response.json()).key ?? '') : '';
  } catch {
    return '';
  }
}
if (!$('authorization').value) $('authorization').value = await demoKey();
void loadSchema();
