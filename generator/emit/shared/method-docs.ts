/** The doc comment of a method, as every TypeScript output (client, server stubs) prints it. */
import type { MethodModel } from '../../model/index.js';
import { docs } from './ts-print.js';

/** JSDoc for a method: summary, description, deprecation, availability notes. */
export function methodDocs(method: MethodModel, extra: { params?: { name: string; text?: string }[]; returns?: string; lead?: string } = {}) {
  const notes: string[] = [];
  const a = method.availability;
  if (method.keystore) notes.push(`Keystore method: acts for a node-held user; its username and password are secrets.${method.keystore.removedIn ? ` Removed from the node in ${method.keystore.removedIn}.` : ''}`);
  if (!a.served) notes.push('Not served by this node.');
  else if (a.removedIn && !method.keystore) notes.push(`Removed from the node in ${a.removedIn}.`);
  if (!a.enabledByDefault) notes.push(`Off by default${a.enableWith ? `; enabled with ${a.enableWith}` : ''}.`);
  if (!a.publicNode) notes.push('Not available on the public node.');
  if (method.websocketOnly) notes.push('WebSocket only.');
  const tags: { tagName: string; text?: string }[] = [];
  for (const p of extra.params ?? []) tags.push({ tagName: 'param', text: `${p.name}${p.text ? ` ${p.text.split('\n')[0]}` : ''}` });
  if (extra.returns) tags.push({ tagName: 'returns', text: extra.returns });
  // A method the node no longer serves is deprecated too, so that editors strike it through where it is used.
  const removedIn = a.removedIn ?? method.keystore?.removedIn;
  if (method.deprecated) tags.push({ tagName: 'deprecated', text: method.replacedBy ? `Use ${method.replacedBy} instead.` : 'See the description.' });
  else if (removedIn) tags.push({ tagName: 'deprecated', text: `Removed from the node in ${removedIn}; current nodes do not serve it.` });
  return docs([method.summary, extra.lead, method.description, notes.join(' ')], tags);
}
