// Talking to the server: JSON over HTTP, and one websocket per room that reconnects by itself.
import { t } from "./i18n.js";

/** An error the server answered with: code (e.g. "illegal") and a {fr, en} message. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message?.en || code);
    this.code = code;
    this.bilingual = message || { fr: code, en: code };
    this.status = status;
  }
}

let csrfToken = null; // the session's anti-CSRF token (GET /api/me), null for a guest

/** Keep the session's anti-CSRF token (account.js, after GET /api/me or a sign-in): every request that changes
 * something carries it in X-CSRF-Token, which another site's page cannot send (docs/security.md). */
export function setCsrf(token) {
  csrfToken = token || null;
}

/** GET (no body) or POST (with a body) a JSON API path — another method with ``{method}`` — and throw
 * ApiError on an error reply. A request that changes something carries the anti-CSRF header. */
export async function api(path, body, { method } = {}) {
  const verb = method || (body === undefined ? "GET" : "POST");
  const init = verb === "GET" ? {} : {
    method: verb,
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken || "guest" },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError("network", { fr: "serveur injoignable", en: "server unreachable" }, 0);
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.error || "http", data.message, response.status);
  return data;
}

const RETRY_DELAYS = [300, 700, 1500, 3000, 5000, 8000];

/**
 * The live link to one room. Calls handlers.state(message) for each state, handlers.status(s) with
 * "connecting" | "open" | "closed" | "gone" | "refused", handlers.error(message) for an error not tied to a
 * request, handlers.message(message) for any other message not tied to a request (a rematch's seat). The
 * seat token goes in the first message (the hello), never in the address, where proxies log it.
 * request() sends a message and resolves with its ack/answer, or rejects with an ApiError.
 */
export class RoomSocket {
  constructor(code, token, handlers) {
    this.code = code;
    this.token = token;
    this.handlers = handlers;
    this.pending = new Map();
    this.nextId = 1;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
    this.socket = null;
    this.opened = 0; // how many times a connection opened (1 = the first, 2 = after one reconnection…)
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/rooms/${encodeURIComponent(this.code)}`;
  }

  connect() {
    clearTimeout(this.timer);
    this.stopped = false;
    this.handlers.status?.("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      socket.send(JSON.stringify({ type: "hello", token: this.token || null }));
      this.attempt = 0;
      this.opened += 1;
      this.handlers.status?.("open");
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      this.failPending();
      if (event.code === 4404) {
        this.handlers.status?.("gone");
        return;
      }
      if (event.code === 4400 || event.code === 4403) {
        // refused for good (another site's page, a client speaking an old protocol): retrying cannot help;
        // the server's error message came just before and was shown
        this.handlers.status?.("refused");
        return;
      }
      this.handlers.status?.("closed");
      if (this.stopped) return;
      if (event.code === 4429) {
        // too many look-ups from this address: try again when the server said, not sooner
        this.timer = setTimeout(() => this.connect(), (this.retryAfter || 10) * 1000);
        return;
      }
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    const delay = RETRY_DELAYS[Math.min(this.attempt, RETRY_DELAYS.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnect now (the manual "Reconnect" button). */
  reconnect() {
    this.attempt = 0;
    const old = this.socket;
    this.socket = null;
    old?.close();
    this.connect();
  }

  /** Close for good (leaving the page). */
  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    const old = this.socket;
    this.socket = null;
    old?.close();
    this.failPending();
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const waiting = message.id !== undefined && message.id !== null ? this.pending.get(message.id) : undefined;
    if (message.type === "state") {
      this.handlers.state?.(message);
    } else if (waiting && message.type === "error") {
      this.pending.delete(message.id);
      waiting.reject(new ApiError(message.error, message.message));
    } else if (waiting) {
      this.pending.delete(message.id);
      waiting.resolve(message);
    } else if (message.type === "error") {
      if (message.retry_after) this.retryAfter = message.retry_after;
      this.handlers.error?.(message);
    } else {
      this.handlers.message?.(message); // a message of its own kind (the seat of a rematch)
    }
  }

  failPending() {
    for (const waiting of this.pending.values()) {
      waiting.reject(new ApiError("network", { fr: "connexion perdue", en: "connection lost" }));
    }
    this.pending.clear();
  }

  /** Send {type, ...fields}; resolves with the reply. */
  request(type, fields = {}) {
    if (!this.isOpen) {
      return Promise.reject(new ApiError("network", {
        fr: "pas de connexion au serveur", en: "not connected to the server",
      }));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ type, id, ...fields }));
    });
  }
}

/** A one-line description of a connection status, for the status bar. */
export function statusText(status) {
  return {
    connecting: t("connexion…", "connecting…"),
    open: t("connecté", "connected"),
    closed: t("déconnecté — nouvelle tentative…", "disconnected — retrying…"),
    gone: t("salle introuvable", "room not found"),
    refused: t("connexion refusée par le serveur", "connection refused by the server"),
  }[status] || status;
}
