/** CodeMirror 6 for HTML source (editor chunk only). */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { HighlightStyle, indentRange, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { useEffect, useRef } from 'react';

const theme = EditorView.theme({
  '&': { fontSize: '13px', height: '100%', backgroundColor: '#fff' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '.cm-gutters': { backgroundColor: '#f5f5f4', color: '#57534e', borderRight: '1px solid #e7e5e4' },
  '&.cm-focused': { outline: '3px solid #2563eb', outlineOffset: '-3px' },
});

/** Token colours with at least 4.5:1 contrast on white and on the active line (WCAG AA). */
const highlight = HighlightStyle.define([
  { tag: [t.tagName, t.typeName], color: '#1d4ed8' },
  { tag: t.attributeName, color: '#7e22ce' },
  { tag: [t.attributeValue, t.string], color: '#166534' },
  { tag: [t.comment, t.meta], color: '#57534e', fontStyle: 'italic' },
  { tag: [t.keyword, t.operatorKeyword], color: '#b91c1c' },
  { tag: [t.number, t.bool, t.atom], color: '#92400e' },
  { tag: [t.angleBracket, t.punctuation, t.bracket], color: '#44403c' },
  { tag: [t.propertyName, t.variableName], color: '#1e3a8a' },
  { tag: t.invalid, color: '#b91c1c', textDecoration: 'underline' },
]);

/**
 * An uncontrolled editor: `value` is the starting text (a new `resetKey` starts over), every change
 * goes to onChange. `autoIndent` re-indents the text once after it is loaded.
 */
export function CodeEditor({
  value,
  onChange,
  label,
  autoIndent = false,
  resetKey,
  className = '',
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  autoIndent?: boolean;
  resetKey?: unknown;
  className?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is rebuilt only on resetKey.
  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: valueRef.current,
        extensions: [
          lineNumbers(),
          history(),
          highlightActiveLine(),
          // What is typed is what is kept: no closing tag is added behind the editor's back (with it, a
          // typed `</strong>` came out doubled when `<strong>` had already been closed for the typist).
          html({ autoCloseTags: false }),
          syntaxHighlighting(highlight),
          EditorView.lineWrapping,
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
          theme,
        ],
      }),
    });
    if (autoIndent) {
      const changes = indentRange(view.state, 0, view.state.doc.length);
      if (!changes.empty) view.dispatch({ changes });
    }
    return () => view.destroy();
  }, [resetKey]);

  return <div ref={host} data-testid="code-editor" className={`min-h-0 overflow-auto ${className}`} />;
}
