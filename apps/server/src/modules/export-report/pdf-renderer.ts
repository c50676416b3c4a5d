import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * PDF rendering off the main thread.
 *
 * @react-pdf/renderer lays a document out synchronously: about 3 ms per block of a report, so
 * a few thousand items would stall the server for several seconds. The document is therefore
 * written as usual with react-pdf's components (function components without hooks), reduced
 * here to a plain tree of primitives (DOCUMENT, PAGE, VIEW, TEXT, LINK are strings), and
 * handed to a worker thread that rebuilds the elements and writes the file. The worker's code
 * is a small generic script (no TypeScript, no bundling), so it runs the same from the sources
 * (tsx, Vitest) and from the esbuild bundle; it imports react and the renderer by the absolute
 * URLs this module resolves.
 */

export interface PdfNode {
  type: string;
  props: Record<string, unknown>;
  children: PdfChild[];
}
export type PdfChild = PdfNode | string;

/**
 * A Text with this attribute gets react-pdf's `render` function in the worker, showing the
 * template with {pageNumber} and {totalPages} filled (a function cannot be sent to a worker).
 */
/** The palette of the product's PDFs (the export report, the item sheets): DSFR greys and blue. */
export const PDF_COLORS = {
  text: '#161616',
  muted: '#666666',
  border: '#dddddd',
  lightBlue: '#f5f5fe',
} as const;

export const PAGE_TEMPLATE_ATTRIBUTE = 'data-page-template';

/** Elements expanded between two yields to the event loop. */
const ELEMENTS_PER_SLICE = 1000;

/**
 * Expands function components and fragments into plain primitive nodes. Thousands of blocks
 * take a few hundred milliseconds: the work is sliced, and other requests run in between.
 */
export async function toPdfTree(
  node: ReactNode,
  progress: { elements: number } = { elements: 0 },
): Promise<PdfChild[]> {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string') return node === '' ? [] : [node];
  if (typeof node === 'number' || typeof node === 'bigint') return [String(node)];
  if (Array.isArray(node)) {
    const children: PdfChild[] = [];
    for (const child of node as ReactNode[]) children.push(...(await toPdfTree(child, progress)));
    return children;
  }
  if (isValidElement(node)) {
    progress.elements += 1;
    if (progress.elements % ELEMENTS_PER_SLICE === 0) await yieldToEventLoop();
    const element = node as ReactElement<Record<string, unknown>>;
    const { children, ...props } = element.props;
    if (element.type === Fragment) return toPdfTree(children as ReactNode, progress);
    if (typeof element.type === 'function') {
      const render = element.type as (props: Record<string, unknown>) => ReactNode;
      return toPdfTree(render(element.props), progress);
    }
    if (typeof element.type === 'string') {
      const plain: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(props)) {
        if (value === undefined) continue;
        if (typeof value === 'function') {
          throw new Error(`PDF tree: function prop ${key} cannot be sent to the worker`);
        }
        plain[key] = value;
      }
      return [
        {
          type: element.type,
          props: plain,
          children: await toPdfTree(children as ReactNode, progress),
        },
      ];
    }
  }
  throw new Error('PDF tree: unsupported node');
}

export interface PdfFont {
  family: string;
  fonts: { src: string; fontWeight?: number; fontStyle?: 'normal' | 'italic' }[];
}

const localRequire = createRequire(import.meta.url);
const moduleUrl = (name: string) => pathToFileURL(localRequire.resolve(name)).href;

let marianne: PdfFont | null | undefined;

/**
 * Marianne, the State's typeface, from the DSFR package the web app already installs; null when
 * it cannot be found (the document then uses Helvetica, built into every PDF reader).
 */
export function marianneFont(): PdfFont | null {
  if (marianne !== undefined) return marianne;
  try {
    const dir = path.join(
      path.dirname(localRequire.resolve('@codegouvfr/react-dsfr/package.json')),
      'dsfr',
      'fonts',
    );
    const file = (name: string) => path.join(dir, `Marianne-${name}.woff`);
    const files = { regular: file('Regular'), bold: file('Bold'), italic: file('Regular_Italic') };
    marianne = Object.values(files).every((f) => existsSync(f))
      ? {
          family: 'Marianne',
          fonts: [
            { src: files.regular, fontWeight: 400 },
            { src: files.bold, fontWeight: 700 },
            { src: files.italic, fontWeight: 400, fontStyle: 'italic' },
          ],
        }
      : null;
  } catch {
    marianne = null;
  }
  return marianne;
}

// CommonJS (an `eval` worker is a script); the modules come as absolute URLs.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createWriteStream } = require('node:fs');
const { pipeline } = require('node:stream/promises');
(async () => {
  const React = (await import(workerData.reactUrl)).default;
  const { Font, renderToStream } = await import(workerData.rendererUrl);
  for (const font of workerData.fonts) Font.register(font);
  // react-pdf hyphenates with English rules; French words are better left whole. A longer run
  // of characters (an address: a web site, a link) may break after its / . ? & = _ - or every 20
  // characters; react-pdf never breaks a word otherwise, and would draw it past the margin. It
  // draws a hyphen at such a break (it has no other kind): the link itself stays whole.
  Font.registerHyphenationCallback((word) =>
    word.length <= 30
      ? [word]
      : word.split(/(?<=[\\/.?&=_-])/).flatMap((part) => part.match(/[\\s\\S]{1,20}/gu)),
  );
  const build = (node) => {
    if (typeof node === 'string') return node;
    const props = { ...node.props };
    const template = props[workerData.pageTemplateAttribute];
    if (typeof template === 'string') {
      delete props[workerData.pageTemplateAttribute];
      props.render = ({ pageNumber, totalPages }) =>
        template.replace('{pageNumber}', String(pageNumber)).replace('{totalPages}', String(totalPages));
    }
    return React.createElement(node.type, props, ...node.children.map(build));
  };
  // Not renderToFile: it resolves before the file is flushed, and the worker ends right after.
  await pipeline(await renderToStream(build(workerData.tree)), createWriteStream(workerData.file));
  parentPort.postMessage({ ok: true });
})().catch((error) => {
  parentPort.postMessage({ ok: false, message: String((error && error.stack) || error) });
});
`;

/**
 * Writes the document to `file` in a worker thread; the main thread only waits. Throws when the
 * worker fails or takes longer than `timeoutMs`.
 */
export async function renderPdfFile(
  document: ReactElement,
  file: string,
  options: { fonts?: PdfFont[]; timeoutMs?: number } = {},
): Promise<void> {
  const [tree] = await toPdfTree(document);
  if (!tree || typeof tree === 'string') throw new Error('PDF tree: no document');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      tree,
      file,
      fonts: options.fonts ?? [],
      reactUrl: moduleUrl('react'),
      rendererUrl: moduleUrl('@react-pdf/renderer'),
      pageTemplateAttribute: PAGE_TEMPLATE_ATTRIBUTE,
    },
    // Kept apart from the server's output; the end of stderr explains a failure.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  let stderr = '';
  worker.stderr.setEncoding('utf8');
  worker.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error('PDF rendering timed out')),
        options.timeoutMs ?? 10 * 60_000,
      );
      worker.once('message', (message: { ok: boolean; message?: string }) =>
        message.ok ? resolve() : reject(new Error(`PDF rendering failed: ${message.message}`)),
      );
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`PDF worker exited (code ${code}) before finishing. ${stderr}`)),
      );
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
