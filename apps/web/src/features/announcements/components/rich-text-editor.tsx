// The announcement text editor (spec §5 toolbar: bold, italic, underline, text colour, lists,
// alignment, link, image, video; default height 124). Tiptap and its extensions are heavy: this
// module is loaded only when a form that needs it opens (see rich-text-field.tsx).
import '@mantine/tiptap/styles.css';
import { Button, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext, type RichTextEditorLabels } from '@mantine/tiptap';
import { IconBrandYoutube, IconPhoto } from '@tabler/icons-react';
import { Image } from '@tiptap/extension-image';
import { TextAlign } from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { Youtube, isValidYoutubeUrl } from '@tiptap/extension-youtube';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './announcement-content.module.css';

const COLOURS = [
  '#212529',
  '#868e96',
  '#e03131',
  '#c2255c',
  '#9c36b5',
  '#1971c2',
  '#0c8599',
  '#2f9e44',
  '#f08c00',
  '#e8590c',
];

export type RichTextEditorFieldProps = {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** The id of the field's label, so the editable area is named by it. */
  labelId?: string;
  testId?: string;
};

function useLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation('announcements');
  return useMemo(
    () => ({
      boldControlLabel: t('editor.bold'),
      italicControlLabel: t('editor.italic'),
      underlineControlLabel: t('editor.underline'),
      colorPickerControlLabel: t('editor.color'),
      colorControlLabel: (color: string) => t('editor.color_value', { color }),
      colorPickerColorLabel: (color: string) => t('editor.color_value', { color }),
      unsetColorControlLabel: t('editor.unset_color'),
      bulletListControlLabel: t('editor.bullet_list'),
      orderedListControlLabel: t('editor.ordered_list'),
      alignLeftControlLabel: t('editor.align_left'),
      alignCenterControlLabel: t('editor.align_center'),
      alignRightControlLabel: t('editor.align_right'),
      alignJustifyControlLabel: t('editor.align_justify'),
      linkControlLabel: t('editor.link'),
      unlinkControlLabel: t('editor.unlink'),
      linkEditorInputLabel: t('editor.link_input'),
      linkEditorInputPlaceholder: t('editor.link_placeholder'),
      linkEditorExternalLink: t('editor.link_external'),
      linkEditorInternalLink: t('editor.link_internal'),
      linkEditorSave: t('editor.link_save'),
      colorPickerCancel: t('editor.picker_cancel'),
      colorPickerClear: t('editor.picker_clear'),
      colorPickerColorPicker: t('editor.picker_custom'),
      colorPickerPalette: t('editor.picker_palette'),
      colorPickerSave: t('editor.picker_save'),
    }),
    [t],
  );
}

/** A toolbar button that asks for an address in a small popover, then inserts what it names. */
function InsertControl({ kind, icon, testId }: { kind: 'image' | 'video'; icon: ReactNode; testId: string }) {
  const { t } = useTranslation('announcements');
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    setUrl('');
    setAlt('');
    setError(null);
  };

  const insert = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const address = url.trim();
    if (!editor) return;
    if (kind === 'image') {
      // The server keeps only https images; say so here rather than lose the image on saving.
      if (!/^https:\/\/[^\s/]+\.[^\s]+$/i.test(address)) return setError(t('editor.image_invalid'));
      editor.chain().focus().setImage({ src: address, alt: alt.trim() }).run();
    } else {
      if (!/^https:\/\//i.test(address) || !isValidYoutubeUrl(address)) return setError(t('editor.video_invalid'));
      editor.chain().focus().setYoutubeVideo({ src: address }).run();
    }
    close();
  };

  const label = kind === 'image' ? t('editor.image') : t('editor.video');
  return (
    <Popover opened={opened} onChange={setOpened} onClose={close} trapFocus withArrow shadow="md" width={320}>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={label}
          title={label}
          onClick={() => setOpened((o) => !o)}
          data-testid={testId}
        >
          {icon}
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        {/* Not a nested <form>: the editor sits inside the announcement's own form. */}
        <Stack gap="xs" onKeyDown={(e) => e.key === 'Enter' && insert(e)}>
          <TextInput
            label={kind === 'image' ? t('editor.image_url') : t('editor.video_url')}
            description={kind === 'video' ? t('editor.video_hint') : undefined}
            placeholder="https://"
            value={url}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            dir="ltr"
            data-autofocus
            data-testid={`${testId}-url`}
          />
          {kind === 'image' && (
            <TextInput
              label={t('editor.image_alt')}
              description={t('editor.image_alt_hint')}
              value={alt}
              maxLength={200}
              onChange={(e) => setAlt(e.currentTarget.value)}
              data-testid={`${testId}-alt`}
            />
          )}
          <Button size="xs" onClick={insert} data-testid={`${testId}-insert`}>
            {t('editor.insert')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function RichTextEditorField({ value, onChange, onBlur, invalid, labelId, testId }: RichTextEditorFieldProps) {
  const labels = useLabels();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Only what the toolbar offers: the server would drop the rest anyway.
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      TextStyle,
      Color,
      TextAlign.configure({ types: ['paragraph'] }),
      Image.configure({ inline: false, allowBase64: false }),
      Youtube.configure({ nocookie: true, width: 640, height: 360, controls: true }),
    ],
    content: value,
    editorProps: {
      attributes: {
        ...(labelId ? { 'aria-labelledby': labelId } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A value set from outside (a reset, the announcement arriving) replaces the content.
  useEffect(() => {
    // The hook may hand over an instance it has just replaced: a destroyed editor has no schema.
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor
      editor={editor}
      labels={labels}
      className={classes.editor}
      data-invalid={invalid || undefined}
      data-testid={testId ? `${testId}-editor` : undefined}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.ColorPicker colors={COLOURS} />
          <RichTextEditor.UnsetColor />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
          <RichTextEditor.AlignJustify />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          <InsertControl kind="image" icon={<IconPhoto size={16} stroke={1.5} />} testId="editor-image" />
          <InsertControl kind="video" icon={<IconBrandYoutube size={16} stroke={1.5} />} testId="editor-video" />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content className={classes.content} />
    </RichTextEditor>
  );
}
