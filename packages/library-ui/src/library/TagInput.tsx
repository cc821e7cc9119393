import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { client } from '@agora/platform';
import { useLibraryText } from './texts';

/** Suggestions shown at most (spec part 1 §7). */
export const MAX_TAG_SUGGESTIONS = 8;
const SUGGEST_DELAY_MS = 250;

export interface TagInputProps {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  /** true: Enter on free text creates a new tag (upload form); false: only suggested tags (filters) */
  allowNew?: boolean;
  label?: string;
  /** the input's name / test id prefix */
  name?: string;
  disabled?: boolean;
}

function suggest(q: string, tags: readonly string[]) {
  return tags.length > 0
    ? client.GET('/api/library/autocomplete/tags/query/{q}/tags/{tags}', {
        params: { path: { q, tags: tags.join(';') } },
      })
    : client.GET('/api/library/autocomplete/tags/query/{q}', { params: { path: { q } } });
}

/**
 * A tag input with autocomplete (ARIA combobox): the chosen tags as removable chips, suggestions from
 * `library/autocomplete/tags/query/{q}[/tags/{chosen}]` (at most 8), arrow keys to move, Enter to pick, Backspace on
 * an empty input removes the last tag, Escape closes the list.
 */
export function TagInput({
  tags,
  onChange,
  allowNew = false,
  label,
  name = 'tags',
  disabled,
}: TagInputProps) {
  const t = useLibraryText();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const tagsKey = tags.join(';');

  useEffect(() => {
    const query = text.trim();
    if (!query) return;
    let live = true;
    const timer = setTimeout(() => {
      suggest(query, tagsKey ? tagsKey.split(';') : [])
        .then((list) => {
          if (!live) return;
          const chosen = new Set(tagsKey ? tagsKey.split(';') : []);
          setSuggestions(
            (Array.isArray(list) ? list : []).filter((s) => !chosen.has(s)).slice(0, MAX_TAG_SUGGESTIONS),
          );
          setActive(-1);
          setOpen(true);
        })
        .catch(() => live && setSuggestions([]));
    }, SUGGEST_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, tagsKey]);

  const add = (tag: string) => {
    const clean = tag.trim();
    if (!clean || tags.includes(clean)) {
      setText('');
      return;
    }
    onChange([...tags, clean]);
    setText('');
    setSuggestions([]);
    setOpen(false);
  };
  const remove = (tag: string) => onChange(tags.filter((x) => x !== tag));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && suggestions.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length > 0) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (e.key === 'Enter') {
      const picked = active >= 0 ? suggestions[active] : undefined;
      if (picked) {
        e.preventDefault();
        add(picked);
      } else if (text.trim()) {
        e.preventDefault();
        const exact = suggestions.find((s) => s.toLowerCase() === text.trim().toLowerCase());
        if (exact) add(exact);
        else if (allowNew) add(text);
      }
    } else if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    } else if (e.key === 'Backspace' && !text && tags.length > 0) {
      remove(tags[tags.length - 1] as string);
    }
  };

  const showList = open && text.trim() !== '' && suggestions.length > 0;
  return (
    <div className="ag-field ag-tag-input" data-testid={`${name}-input`}>
      <label htmlFor={id} className="ag-field-label">
        {label ?? t('tags')}
      </label>
      <div className="ag-tag-box">
        <ul className="ag-tag-chips" aria-label={label ?? t('tags')}>
          {tags.map((tag) => (
            <li key={tag} className="ag-tag-chip" data-testid="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                aria-label={t('removeTag', { tag })}
                onClick={() => remove(tag)}
                disabled={disabled}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          name={name}
          className="ag-input"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder={t('tagPlaceholder')}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onFocus={() => suggestions.length > 0 && setOpen(true)}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('suggestions')}
        className="ag-tag-suggestions"
        hidden={!showList}
      >
        {showList &&
          suggestions.map((s, i) => (
            <li
              key={s}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              data-testid="tag-suggestion"
              onMouseDown={(e) => {
                e.preventDefault();
                add(s);
              }}
            >
              {s}
            </li>
          ))}
      </ul>
    </div>
  );
}
