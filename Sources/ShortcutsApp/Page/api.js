// Talking to shortcutsd: JSON requests with the app's cookie, and server-sent events.

export class APIError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `the service answered ${status}`);
    this.status = status;
    this.body = body;
  }
}

export async function request(method, path, body, { raw = false, headers = {} } = {}) {
  const options = { method, headers: { ...headers }, credentials: "same-origin" };
  if (body !== undefined) {
    if (raw) {
      options.body = body;
    } else {
      options.body = JSON.stringify(body);
      options.headers["Content-Type"] = "application/json";
    }
  }
  const response = await fetch(path, options);
  const text = await response.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { parsed = { error: text }; }
  if (!response.ok) throw new APIError(response.status, parsed);
  return parsed;
}

export const get = (path) => request("GET", path);
export const post = (path, body) => request("POST", path, body === undefined ? {} : body);
export const put = (path, body) => request("PUT", path, body);
export const del = (path) => request("DELETE", path);

/** Opens an event stream; `handlers` maps event names to functions of the parsed data. */
export function events(path, handlers) {
  const source = new EventSource(path);
  for (const [name, handler] of Object.entries(handlers)) {
    source.addEventListener(name, (event) => handler(event.data ? JSON.parse(event.data) : null));
  }
  return source;
}

export const encode = (id) => encodeURIComponent(id);
