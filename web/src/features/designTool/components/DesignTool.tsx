/**
 * The design tool: every style option, content forms, a live preview drawn by packages/qr (the API's own
 * renderer), live scannability with zxing, a print-stress score, downloads, and the design in the URL.
 * Loaded lazily by pages/qr-design-tool.tsx, so none of this reaches other pages.
 */
import useBaseUrl from '@docusaurus/useBaseUrl';
import { useDesignCheck } from '@site/src/features/designTool/hooks/useDesignCheck';
import {
  codeContent,
  DEFAULT_DESIGN,
  type DesignState,
  drawableStyle,
  encodedText,
  PRESETS,
  type ToolStyle,
} from '@site/src/features/designTool/model/designState';
import { logoOfFile, logoOfUrl } from '@site/src/features/designTool/model/logoSource';
import {
  DESIGN_PARAM,
  decodeDesign,
  encodeDesign,
  logoFitsLink,
} from '@site/src/features/designTool/model/urlState';
import type { StaticData, StaticKind } from '@site/src/lib/qr/staticData';
import { useCallback, useEffect, useMemo, useState } from 'react';
import CodeStyleBar, { useCodeToEdit } from './CodeStyleBar';
import ContentForm from './ContentForm';
import CreateCodeFromDesign from './CreateCodeFromDesign';
import styles from './DesignTool.module.css';
import ExportPanel, { DOWNLOADS_ID } from './ExportPanel';
import { BlamedField } from './fields';
import Gs1CodeFields from './Gs1CodeFields';
import PreviewPanel, { PhoneShortcuts, RobustnessScore, VERDICT_TEXT_ID } from './PreviewPanel';
import SaveDesignButton from './SaveDesignButton';
import StyleControls from './StyleControls';

/** How long the URL waits after the last change before it is rewritten (history entries are not free). */
const URL_SYNC_MS = 300;

/** `?gs1=<GTIN>` (the GS1 item manager's link) opens the tool on a GS1 Digital Link of that GTIN. */
const GS1_PARAM = 'gs1';

function initialGs1(): string | null {
  return new URLSearchParams(window.location.search).get(GS1_PARAM);
}

function initialDesign(): DesignState {
  const params = new URLSearchParams(window.location.search);
  return decodeDesign(params.get(DESIGN_PARAM)) ?? DEFAULT_DESIGN;
}

export default function DesignTool({
  saveRefusal = null,
}: {
  /** Why the workspace role may not save designs or create codes (a viewer); null when it may. */
  saveRefusal?: string | null;
} = {}) {
  const wasmUrl = useBaseUrl('/zxing/zxing_reader.wasm');
  const [design, setDesign] = useState<DesignState>(initialDesign);
  const [drafts, setDrafts] = useState<Partial<Record<StaticKind, StaticData>>>({});
  const [logoBytes, setLogoBytes] = useState<ReadonlyMap<string, string>>(new Map());
  const [logoError, setLogoError] = useState<string | null>(null);
  const codeToEdit = useCodeToEdit();
  // A GS1 Digital Link (issue 46) is encoded instead of the content: the GTIN the tool opened with.
  const [gs1Gtin] = useState(initialGs1);
  const [gs1Mode, setGs1Mode] = useState(gs1Gtin !== null);
  const [gs1Uri, setGs1Uri] = useState<string | null>(null);

  const setStyle = useCallback((style: ToolStyle) => setDesign((previous) => ({ ...previous, style })), []);
  const setContent = useCallback((content: StaticData) => {
    setDesign((previous) => ({ ...previous, content }));
    setDrafts((previous) => ({ ...previous, [content.kind]: content }));
  }, []);

  // A logo given by URL (or a code's stored asset) is fetched once, to draw it here.
  const logoSrc = design.style.logo?.src;
  useEffect(() => {
    if (!logoSrc || logoSrc.startsWith('data:') || logoBytes.has(logoSrc)) return;
    let cancelled = false;
    logoOfUrl(logoSrc).then(
      (dataUrl) => {
        if (!cancelled) setLogoBytes((previous) => new Map(previous).set(logoSrc, dataUrl));
      },
      (error: Error) => {
        if (!cancelled) setLogoError(error.message);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [logoSrc, logoBytes]);

  // A code opened with ?code=<id>: its style, and what it encodes.
  useEffect(() => {
    if (codeToEdit.state !== 'loaded') return;
    setDesign({ content: codeToEdit.content, style: codeToEdit.style });
  }, [codeToEdit]);

  // The design in the URL, to share it by link.
  useEffect(() => {
    if (codeToEdit.state !== 'none') return;
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      url.searchParams.set(DESIGN_PARAM, encodeDesign(design));
      window.history.replaceState(window.history.state, '', url);
    }, URL_SYNC_MS);
    return () => clearTimeout(timer);
  }, [design, codeToEdit.state]);

  const contentText = useMemo(() => encodedText(design.content), [design.content]);
  // Until the Digital Link is written (signed out, a field to fix), the content stays in the preview.
  const text = gs1Mode && gs1Uri !== null ? gs1Uri : contentText;
  const gs1Waiting = gs1Mode && gs1Uri === null;
  const drawable = useMemo(() => drawableStyle(design.style, logoBytes), [design.style, logoBytes]);
  const check = useDesignCheck(text, drawable, wasmUrl);
  const blamed = useMemo(
    () => ({
      path: check.verdict.status === 'fails' ? check.verdict.path : null,
      describedBy: VERDICT_TEXT_ID,
    }),
    [check.verdict],
  );

  const onLogoFile = (file: File) => {
    setLogoError(null);
    logoOfFile(file).then(
      (src) => setStyle({ ...design.style, logo: { size: 0.1, margin: 1, ...design.style.logo, src } }),
      (error: Error) => setLogoError(error.message),
    );
  };
  const onLogoUrl = (src: string) => {
    setLogoError(null);
    setStyle({ ...design.style, logo: { size: 0.1, margin: 1, ...design.style.logo, src } });
  };

  const lockedTo = codeToEdit.state === 'loaded' ? codeToEdit.encodes : null;

  return (
    <BlamedField.Provider value={blamed}>
      <CodeStyleBar code={codeToEdit} style={design.style} />
      <div className={styles.tool}>
        <div className={styles.previewColumn}>
          <PreviewPanel check={check}>
            <PhoneShortcuts check={check} downloadsId={DOWNLOADS_ID} />
          </PreviewPanel>
          {gs1Waiting ? (
            <p className={styles.hint} data-testid="gs1-waiting">
              The downloads open once the GS1 Digital Link is written.
            </p>
          ) : (
            <ExportPanel text={text} style={design.style} drawable={drawable} />
          )}
          <RobustnessScore check={check} />
          {!logoFitsLink(design.style) && codeToEdit.state === 'none' && (
            <p className={styles.hint}>
              The link in the address bar holds this design without the uploaded logo.
            </p>
          )}
        </div>
        <div className={styles.formColumn}>
          {lockedTo === null && (
            <div className={styles.kinds} role="radiogroup" aria-label="What the code holds">
              <label className={gs1Mode ? styles.kind : styles.kindActive}>
                <input type="radio" name="dt-holds" checked={!gs1Mode} onChange={() => setGs1Mode(false)} />
                Content (choose its kind below)
              </label>
              <label className={gs1Mode ? styles.kindActive : styles.kind}>
                <input type="radio" name="dt-holds" checked={gs1Mode} onChange={() => setGs1Mode(true)} />A
                GS1 Digital Link for packaging
              </label>
            </div>
          )}
          {gs1Mode && lockedTo === null ? (
            <Gs1CodeFields initialGtin={gs1Gtin ?? ''} onUri={setGs1Uri} />
          ) : (
            <ContentForm content={design.content} onChange={setContent} drafts={drafts} locked={lockedTo} />
          )}
          <fieldset className={styles.presets}>
            <legend>Start from a preset</legend>
            {PRESETS.map((preset) => (
              <button
                key={preset.name}
                type="button"
                className="button button--secondary button--sm"
                onClick={() => setStyle({ ...design.style, ...preset.style })}
              >
                {preset.name}
              </button>
            ))}
          </fieldset>
          <StyleControls
            style={design.style}
            onChange={setStyle}
            logoError={logoError}
            onLogoFile={onLogoFile}
            onLogoUrl={onLogoUrl}
          />
          {codeToEdit.state === 'none' && gs1Mode && (
            <section className={styles.account} aria-label="Save">
              {saveRefusal ? (
                <p>{saveRefusal} You can still download the design.</p>
              ) : (
                <>
                  <h2>Keep this design</h2>
                  <SaveDesignButton style={design.style} />
                </>
              )}
              <p className={styles.hint}>
                A GS1 Digital Link code holds its URI itself: download it for print here, and register the
                GTIN's links in GS1 items, where scans resolve.
              </p>
            </section>
          )}
          {codeToEdit.state === 'none' && !gs1Mode && (
            <section className={styles.account} aria-label="Save">
              {saveRefusal ? (
                <p data-testid="save-refusal">{saveRefusal} You can still download the design.</p>
              ) : (
                <>
                  <h2>Keep this design</h2>
                  <SaveDesignButton style={design.style} />
                  <h2>Create a dynamic code from this design</h2>
                  <CreateCodeFromDesign style={design.style} content={codeContent(design.content)} />
                </>
              )}
            </section>
          )}
        </div>
      </div>
    </BlamedField.Provider>
  );
}
