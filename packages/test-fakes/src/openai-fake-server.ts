/**
 * A fake OpenAI API: a real HTTP server on 127.0.0.1 that the official SDK talks to through
 * `new OpenAI({ baseURL })`. It checks what the real service checks (docs/architecture.md, Test fakes) and
 * answers in its shape, including its errors, so engine tests exercise the real wire format.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** Failures the fake can be told to produce, each in the provider's documented shape. */
export type FakeOpenAiFailure =
  | 'moderation'
  | 'rate-limit'
  | 'quota'
  | 'server-error'
  | 'unauthorized'
  | 'hang'
  | 'empty-data';

export interface RecordedFile {
  field: string;
  name: string;
  type: string;
  bytes: number;
  width: number;
  height: number;
  hasAlpha: boolean;
  /** The file as sent, to check its pixels. */
  data: Buffer;
}

/** What the fake saw in one images/edits call, for assertions. */
export interface RecordedImageEdit {
  model: string;
  prompt: string;
  n: string;
  size: string;
  images: RecordedFile[];
  mask: RecordedFile | null;
  /** Share of mask pixels that are fully transparent (the edit area). */
  maskTransparentShare: number | null;
}

/** One file uploaded to /v1/files. */
export interface RecordedUpload extends RecordedFile {
  id: string;
  purpose: string;
  /** Share of fully transparent pixels, when the file has alpha (a mask). */
  transparentShare: number | null;
}

/** What the fake saw in one /v1/responses call, for assertions. */
export interface RecordedResponsesCall {
  /** The JSON body as sent. */
  body: ResponsesBody;
  /** The uploads its input_image items name, in order. */
  images: RecordedUpload[];
  /** The upload the image_generation tool's input_image_mask names. */
  mask: RecordedUpload | null;
}

/**
 * How /v1/responses answers: an image_generation_call plus a message (`image`), a message
 * only (`text`), no output at all (`nothing`), or a message whose content is a refusal.
 */
export type FakeChatAnswer = 'image' | 'text' | 'nothing' | 'refusal';

interface ResponsesBody {
  model?: string;
  instructions?: string;
  input?: { role?: string; type?: string; content?: { type: string; text?: string; file_id?: string }[] }[];
  tools?: { type: string; quality?: string; size?: string; input_image_mask?: { file_id?: string } }[];
}

export interface FakeOpenAiServer {
  /** Pass as `baseURL` to the SDK: ends in /v1. */
  baseUrl: string;
  apiKey: string;
  imageEdits: RecordedImageEdit[];
  /** Every request that reached the server, failed or not, in order: "POST /v1/images/edits". */
  requestLog: string[];
  /** The next `times` requests fail this way. */
  failNext(failure: FakeOpenAiFailure, times?: number): void;
  /**
   * An outage: from now on every request fails this way (default: the provider's 500), however
   * many arrive, until the returned `end` is called. The test ends it, not a clock, so a job
   * a loaded machine starts late (or retries late) still meets the outage.
   */
  startOutage(failure?: Exclude<FakeOpenAiFailure, 'hang' | 'empty-data'>): { end(): void };
  /** The solid colour of generated images. */
  answerColour: [number, number, number];
  /** Files uploaded to /v1/files, in order (deleted ones included). */
  uploads: RecordedUpload[];
  /** Ids of uploads deleted through DELETE /v1/files/:id. */
  deletedFileIds: string[];
  responsesCalls: RecordedResponsesCall[];
  /** How the next /v1/responses calls answer (default `image`). */
  chatAnswer: FakeChatAnswer;
  /** The assistant text of `image` and `text` answers. */
  chatText: string;
  /**
   * `solid`: edits answer a plain image of `answerColour`. `echo-disc`: they answer the image
   * sent with a disc of `answerColour` drawn at the centre of the output, as a model draws in
   * its own pixel grid; geometry tests measure both the photo's shapes and the disc.
   */
  answerMode: 'solid' | 'echo-disc';
  /** Every answer waits this long first, as a slow provider does (default 0). */
  answerDelayMs: number;
  close(): Promise<void>;
}

const imageSizes = new Set(['1024x1024', '1536x1024', '1024x1536', 'auto']);
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/webp']);
const maxImageBytes = 50 * 1024 * 1024;
const chatModels = new Set(['gpt-4o-mini', 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-5']);
const toolQualities = new Set(['low', 'medium', 'high', 'auto']);
const messageRoles = new Set(['user', 'assistant', 'system', 'developer']);

class FakeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

function failureError(failure: Exclude<FakeOpenAiFailure, 'hang' | 'empty-data'>): FakeApiError {
  switch (failure) {
    case 'moderation':
      return new FakeApiError(
        400,
        'Your request was rejected as a result of our safety system.',
        'image_generation_user_error',
        'moderation_blocked',
      );
    case 'rate-limit':
      return new FakeApiError(
        429,
        'Rate limit reached for gpt-image-1 in organization org-fake.',
        'requests',
        'rate_limit_exceeded',
      );
    case 'quota':
      return new FakeApiError(
        429,
        'You exceeded your current quota.',
        'insufficient_quota',
        'insufficient_quota',
      );
    case 'server-error':
      return new FakeApiError(500, 'The server had an error while processing your request.', 'server_error');
    case 'unauthorized':
      return new FakeApiError(
        401,
        'Incorrect API key provided: sk-fake***.',
        'invalid_request_error',
        'invalid_api_key',
      );
  }
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, error: FakeApiError) {
  const headers: Record<string, string> = error.status === 429 ? { 'retry-after': '0' } : {};
  sendJson(
    response,
    error.status,
    { error: { message: error.message, type: error.type, param: error.param, code: error.code } },
    headers,
  );
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Parses multipart with the platform's own parser, as a server framework would. */
async function readForm(request: IncomingMessage, body: Buffer): Promise<FormData> {
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    throw new FakeApiError(
      400,
      'Invalid Content-Type header, expected multipart/form-data',
      'invalid_request_error',
    );
  }
  return new Request('http://fake.local/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    // A copy typed as a plain Uint8Array: Buffer is not a BodyInit in the DOM typings.
    body: new Uint8Array(body),
  }).formData();
}

function textField(form: FormData, name: string, required: boolean): string {
  const value = form.get(name);
  if (value === null) {
    if (required)
      throw new FakeApiError(
        400,
        `Missing required parameter: '${name}'.`,
        'invalid_request_error',
        'missing_required_parameter',
        name,
      );
    return '';
  }
  if (typeof value !== 'string')
    throw new FakeApiError(400, `Invalid type for '${name}'.`, 'invalid_request_error', null, name);
  return value;
}

async function inspectFile(field: string, value: File | string): Promise<RecordedFile> {
  if (typeof value === 'string') {
    throw new FakeApiError(
      400,
      `Invalid type for '${field}': expected a file.`,
      'invalid_request_error',
      null,
      field,
    );
  }
  if (!imageTypes.has(value.type)) {
    throw new FakeApiError(
      400,
      `Invalid file '${field}': unsupported mimetype ('${value.type}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`,
      'invalid_request_error',
      'unsupported_file_mimetype',
      field,
    );
  }
  if (value.size > maxImageBytes) {
    throw new FakeApiError(
      400,
      `Invalid file '${field}': file too large.`,
      'invalid_request_error',
      null,
      field,
    );
  }
  const bytes = Buffer.from(await value.arrayBuffer());
  try {
    const metadata = await sharp(bytes).metadata();
    return {
      field,
      name: value.name,
      type: value.type,
      bytes: bytes.length,
      width: metadata.width ?? 0,
      height: metadata.height ?? 0,
      hasAlpha: metadata.hasAlpha ?? false,
      data: bytes,
    };
  } catch {
    throw new FakeApiError(
      400,
      `Invalid file '${field}': the image could not be decoded.`,
      'invalid_request_error',
      'invalid_image',
      field,
    );
  }
}

function sizeFor(requested: string, image: RecordedFile): { width: number; height: number } {
  if (requested !== 'auto') {
    const [width, height] = requested.split('x').map(Number) as [number, number];
    return { width, height };
  }
  const ratio = image.width / image.height;
  if (ratio > 1.15) return { width: 1536, height: 1024 };
  if (ratio < 1 / 1.15) return { width: 1024, height: 1536 };
  return { width: 1024, height: 1024 };
}

/** The image sent, at the output size, with a disc of `colour` whose radius is a fifth of the short side. */
async function echoWithDisc(
  image: Buffer,
  width: number,
  height: number,
  [r, g, b]: [number, number, number],
): Promise<string> {
  const radius = Math.round(Math.min(width, height) / 5);
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${radius}" fill="rgb(${r},${g},${b})"/></svg>`,
  );
  const png = await sharp(image)
    .resize(width, height, { fit: 'fill' })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
  return png.toString('base64');
}

async function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** Starts the fake on a random port of 127.0.0.1. */
export async function startFakeOpenAiServer(options: { apiKey?: string } = {}): Promise<FakeOpenAiServer> {
  const apiKey = options.apiKey ?? `sk-fake-${randomUUID()}`;
  const failures: FakeOpenAiFailure[] = [];
  let outage: { failure: Exclude<FakeOpenAiFailure, 'hang' | 'empty-data'> } | null = null;
  const files = new Map<string, RecordedUpload>();
  const state: Pick<
    FakeOpenAiServer,
    | 'imageEdits'
    | 'requestLog'
    | 'answerColour'
    | 'uploads'
    | 'deletedFileIds'
    | 'responsesCalls'
    | 'chatAnswer'
    | 'chatText'
    | 'answerMode'
    | 'answerDelayMs'
  > = {
    imageEdits: [],
    requestLog: [],
    answerColour: [200, 40, 160],
    uploads: [],
    deletedFileIds: [],
    responsesCalls: [],
    chatAnswer: 'image',
    chatText: 'Here is the facade.',
    answerMode: 'solid',
    answerDelayMs: 0,
  };

  async function handleImageEdit(
    request: IncomingMessage,
    body: Buffer,
    response: ServerResponse,
    emptyData: boolean,
  ) {
    const form = await readForm(request, body);
    const model = textField(form, 'model', false) || 'dall-e-2';
    const prompt = textField(form, 'prompt', true);
    const n = textField(form, 'n', false) || '1';
    const size = textField(form, 'size', false) || 'auto';
    if (prompt.length > 32_000) {
      throw new FakeApiError(
        400,
        "Invalid 'prompt': string too long.",
        'invalid_request_error',
        'string_above_max_length',
        'prompt',
      );
    }
    if (!/^gpt-image-1/.test(model) && model !== 'dall-e-2') {
      throw new FakeApiError(
        400,
        `Invalid value for 'model': '${model}'.`,
        'invalid_request_error',
        'invalid_value',
        'model',
      );
    }
    if (!/^\d+$/.test(n) || Number(n) < 1 || Number(n) > 10) {
      throw new FakeApiError(
        400,
        `Invalid 'n': must be between 1 and 10.`,
        'invalid_request_error',
        'invalid_value',
        'n',
      );
    }
    if (!imageSizes.has(size)) {
      throw new FakeApiError(
        400,
        `Invalid value: '${size}'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.`,
        'invalid_request_error',
        'invalid_value',
        'size',
      );
    }
    const imageEntries = [...form.getAll('image'), ...form.getAll('image[]')];
    if (imageEntries.length === 0) {
      throw new FakeApiError(
        400,
        "Missing required parameter: 'image'.",
        'invalid_request_error',
        'missing_required_parameter',
        'image',
      );
    }
    const images = await Promise.all(imageEntries.map((entry) => inspectFile('image', entry)));
    const first = images[0] as RecordedFile;
    const maskEntry = form.get('mask');
    let mask: RecordedFile | null = null;
    let maskTransparentShare: number | null = null;
    if (maskEntry !== null) {
      mask = await inspectFile('mask', maskEntry);
      if (mask.type !== 'image/png' || !mask.hasAlpha) {
        throw new FakeApiError(
          400,
          'Invalid mask image format - mask image missing alpha channel',
          'invalid_request_error',
          'invalid_mask_image_format',
          'mask',
        );
      }
      if (mask.width !== first.width || mask.height !== first.height) {
        throw new FakeApiError(
          400,
          'Invalid mask image format - mask size does not match image size',
          'invalid_request_error',
          'invalid_mask_image_format',
          'mask',
        );
      }
      const alpha = await sharp(Buffer.from(await (maskEntry as File).arrayBuffer()))
        .extractChannel('alpha')
        .raw()
        .toBuffer();
      maskTransparentShare = alpha.filter((value) => value === 0).length / alpha.length;
    }
    state.imageEdits.push({ model, prompt, n, size, images, mask, maskTransparentShare });
    const { width, height } = sizeFor(size, first);
    const data = emptyData
      ? []
      : await Promise.all(
          Array.from({ length: Number(n) }, async () => ({
            b64_json:
              state.answerMode === 'echo-disc'
                ? await echoWithDisc(first.data, width, height, state.answerColour)
                : await solidPng(width, height, state.answerColour),
          })),
        );
    sendJson(response, 200, {
      created: Math.floor(Date.now() / 1000),
      data,
      size: `${width}x${height}`,
      quality: 'medium',
      output_format: 'png',
      background: 'opaque',
      usage: {
        input_tokens: 50 + prompt.length,
        input_tokens_details: { text_tokens: prompt.length, image_tokens: 50 },
        output_tokens: 1056,
        total_tokens: 1106 + prompt.length,
      },
    });
  }

  async function handleFileUpload(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const form = await readForm(request, body);
    const purpose = textField(form, 'purpose', true);
    if (purpose !== 'vision') {
      throw new FakeApiError(
        400,
        `Invalid value for 'purpose': '${purpose}'.`,
        'invalid_request_error',
        'invalid_value',
        'purpose',
      );
    }
    const entry = form.get('file');
    if (entry === null)
      throw new FakeApiError(
        400,
        "Missing required parameter: 'file'.",
        'invalid_request_error',
        'missing_required_parameter',
        'file',
      );
    const file = await inspectFile('file', entry);
    const id = `file-${randomUUID().replaceAll('-', '')}`;
    let transparentShare: number | null = null;
    if (file.hasAlpha) {
      const alpha = await sharp(Buffer.from(await (entry as File).arrayBuffer()))
        .extractChannel('alpha')
        .raw()
        .toBuffer();
      transparentShare = alpha.filter((value) => value === 0).length / alpha.length;
    }
    const upload: RecordedUpload = { ...file, id, purpose, transparentShare };
    files.set(id, upload);
    state.uploads.push(upload);
    sendJson(response, 200, {
      id,
      object: 'file',
      bytes: file.bytes,
      created_at: Math.floor(Date.now() / 1000),
      filename: file.name,
      purpose,
      status: 'processed',
    });
  }

  function handleFileDelete(id: string, response: ServerResponse) {
    if (!files.delete(id)) {
      throw new FakeApiError(404, `No such File object: ${id}`, 'invalid_request_error');
    }
    state.deletedFileIds.push(id);
    sendJson(response, 200, { id, object: 'file', deleted: true });
  }

  function uploadNamed(fileId: string | undefined, param: string): RecordedUpload {
    const upload = fileId ? files.get(fileId) : undefined;
    if (!upload) {
      throw new FakeApiError(
        400,
        `Invalid 'file_id': '${fileId}'.`,
        'invalid_request_error',
        'invalid_value',
        param,
      );
    }
    return upload;
  }

  async function handleResponses(body: Buffer, response: ServerResponse, emptyData: boolean) {
    let payload: ResponsesBody;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new FakeApiError(
        400,
        'We could not parse the JSON body of your request.',
        'invalid_request_error',
      );
    }
    if (!payload.model)
      throw new FakeApiError(
        400,
        "Missing required parameter: 'model'.",
        'invalid_request_error',
        'missing_required_parameter',
        'model',
      );
    if (!chatModels.has(payload.model)) {
      throw new FakeApiError(
        400,
        `The requested model '${payload.model}' does not exist.`,
        'invalid_request_error',
        'model_not_found',
        'model',
      );
    }
    if (!Array.isArray(payload.input) || payload.input.length === 0) {
      throw new FakeApiError(400, "Invalid 'input': expected a non-empty list.", 'invalid_request_error');
    }
    const images: RecordedUpload[] = [];
    for (const message of payload.input) {
      if (!message.role || !messageRoles.has(message.role)) {
        throw new FakeApiError(
          400,
          `Invalid value for 'input[].role': '${message.role}'.`,
          'invalid_request_error',
          'invalid_value',
          'input',
        );
      }
      for (const part of message.content ?? []) {
        if (part.type === 'input_image') images.push(uploadNamed(part.file_id, 'input'));
        else if (part.type !== 'input_text' || typeof part.text !== 'string') {
          throw new FakeApiError(
            400,
            `Invalid content item of type '${part.type}'.`,
            'invalid_request_error',
            'invalid_value',
            'input',
          );
        }
      }
    }
    const tool = payload.tools?.find((candidate) => candidate.type === 'image_generation');
    let mask: RecordedUpload | null = null;
    if (tool) {
      if (tool.quality !== undefined && !toolQualities.has(tool.quality)) {
        throw new FakeApiError(
          400,
          `Invalid value for 'tools[0].quality': '${tool.quality}'.`,
          'invalid_request_error',
          'invalid_value',
          'tools',
        );
      }
      if (tool.size !== undefined && !imageSizes.has(tool.size)) {
        throw new FakeApiError(
          400,
          `Invalid value for 'tools[0].size': '${tool.size}'.`,
          'invalid_request_error',
          'invalid_value',
          'tools',
        );
      }
      if (tool.input_image_mask) {
        mask = uploadNamed(tool.input_image_mask.file_id, 'tools');
        const first = images[0];
        if (!mask.hasAlpha || !first || mask.width !== first.width || mask.height !== first.height) {
          throw new FakeApiError(
            400,
            'Invalid mask image format - the mask needs an alpha channel and the size of the first input image',
            'invalid_request_error',
            'invalid_mask_image_format',
            'tools',
          );
        }
      }
    }
    state.responsesCalls.push({ body: payload, images, mask });
    const answer: FakeChatAnswer = emptyData ? 'nothing' : state.chatAnswer;
    const output: unknown[] = [];
    if (tool && answer === 'image') {
      const [width, height] = (tool.size && tool.size !== 'auto' ? tool.size : '1024x1024')
        .split('x')
        .map(Number) as [number, number];
      output.push({
        type: 'image_generation_call',
        id: `ig_${randomUUID()}`,
        status: 'completed',
        result: await solidPng(width, height, state.answerColour),
      });
    }
    if (answer === 'image' || answer === 'text' || answer === 'refusal') {
      output.push({
        type: 'message',
        id: `msg_${randomUUID()}`,
        role: 'assistant',
        status: 'completed',
        content: [
          answer === 'refusal'
            ? { type: 'refusal', refusal: "I'm sorry, but I can't help with that request." }
            : { type: 'output_text', text: state.chatText, annotations: [] },
        ],
      });
    }
    sendJson(response, 200, {
      id: `resp_${randomUUID()}`,
      object: 'response',
      created_at: Math.floor(Date.now() / 1000),
      status: 'completed',
      error: null,
      incomplete_details: null,
      model: payload.model,
      output,
      tools: payload.tools ?? [],
      usage: { input_tokens: 120, output_tokens: 80, total_tokens: 200 },
    });
  }

  const server = createServer(async (request, response) => {
    const route = `${request.method} ${request.url?.split('?')[0]}`;
    state.requestLog.push(route);
    try {
      const body = await readBody(request);
      if (request.headers.authorization !== `Bearer ${apiKey}`) throw failureError('unauthorized');
      if (state.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.answerDelayMs));
      if (outage) throw failureError(outage.failure);
      const failure = failures.shift();
      if (failure === 'hang') return; // Never answers: the client's timeout must end it.
      if (failure && failure !== 'empty-data') throw failureError(failure);
      const emptyData = failure === 'empty-data';
      if (route === 'POST /v1/images/edits') return await handleImageEdit(request, body, response, emptyData);
      if (route === 'POST /v1/files') return await handleFileUpload(request, body, response);
      if (route === 'POST /v1/responses') return await handleResponses(body, response, emptyData);
      const fileDelete = /^DELETE \/v1\/files\/([^/]+)$/.exec(route);
      if (fileDelete) return handleFileDelete(decodeURIComponent(fileDelete[1] as string), response);
      throw new FakeApiError(404, `Invalid URL (${route})`, 'invalid_request_error');
    } catch (error) {
      if (error instanceof FakeApiError) return sendError(response, error);
      sendError(
        response,
        new FakeApiError(500, error instanceof Error ? error.message : String(error), 'server_error'),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    get imageEdits() {
      return state.imageEdits;
    },
    get requestLog() {
      return state.requestLog;
    },
    get answerColour() {
      return state.answerColour;
    },
    set answerColour(colour) {
      state.answerColour = colour;
    },
    get uploads() {
      return state.uploads;
    },
    get deletedFileIds() {
      return state.deletedFileIds;
    },
    get responsesCalls() {
      return state.responsesCalls;
    },
    get chatAnswer() {
      return state.chatAnswer;
    },
    set chatAnswer(answer) {
      state.chatAnswer = answer;
    },
    get chatText() {
      return state.chatText;
    },
    set chatText(text) {
      state.chatText = text;
    },
    get answerMode() {
      return state.answerMode;
    },
    set answerMode(mode) {
      state.answerMode = mode;
    },
    get answerDelayMs() {
      return state.answerDelayMs;
    },
    set answerDelayMs(delay) {
      state.answerDelayMs = delay;
    },
    failNext(failure, times = 1) {
      for (let count = 0; count < times; count++) failures.push(failure);
    },
    startOutage(failure = 'server-error') {
      const current = { failure };
      outage = current;
      return {
        end() {
          if (outage === current) outage = null;
        },
      };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
