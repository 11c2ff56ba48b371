import { useId, useState } from 'react';
import { apiUrl } from '../../lib/api-routes';

/** The extension the icon endpoint is asked for: letters and digits of what was typed, or "default". */
export const extensionOf = (typed: string): string =>
  typed
    .trim()
    .replace(/^\./, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 16) || 'default';

/** The file-type icon demo of the "icons per file type" article. */
export function FileIconDemo() {
  const [value, setValue] = useState('');
  const id = useId();
  const extension = extensionOf(value);
  return (
    <div className="file-icon-demo">
      <label htmlFor={id} className="visually-hidden">
        File extension
      </label>
      <input
        id={id}
        type="text"
        placeholder="search pdf, docx etc"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <img
        src={apiUrl('getExtensionImage', { extension })}
        alt={`${extension} file icon`}
        width={64}
        height={64}
      />
    </div>
  );
}
