// Accounts in the app (optional: a guest plays as before): who this browser is signed in as (GET /api/me),
// the top bar's « Se connecter » or the account's name, the sign-in / sign-up dialog, the « Mon compte »
// page (#/account: new password, delete the account) and « Mes parties » in the lobby. The session itself
// is an HttpOnly cookie no script reads; this module only keeps the anti-CSRF token net.js sends.
import { clear, h } from "./dom.js";
import { onLang, t } from "./i18n.js";
import { keep, keptRooms } from "./keep.js";
import { api, setCsrf } from "./net.js";
import { errorText, gameTitle, toast } from "./shell.js";

let account = null; // {name, created_at} while signed in
const watchers = new Set();

/** The signed-in account ({name, created_at}), or null for a guest. */
export function currentAccount() {
  return account;
}

/** Call ``watch(account)`` whenever the account changes (sign in, out, deletion). */
export function onAccount(watch) {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

function signedIn(reply) {
  account = reply.account || null;
  setCsrf(reply.csrf);
  drawBadge();
  for (const watch of watchers) watch(account);
}

/** Ask the server who this browser is (at start-up); a guest when it cannot say. */
export async function loadAccount() {
  try {
    signedIn(await api("/api/me"));
  } catch {
    signedIn({ account: null, csrf: null });
  }
  onLang(drawBadge);
}

/** The seat tokens this browser kept as a guest: they join the account on sign-up or sign-in. */
function guestTokens() {
  return keptRooms().map((room) => room.token).slice(0, 200);
}

// --- the top bar ---------------------------------------------------------------------------------

function drawBadge() {
  const badge = document.getElementById("account");
  if (!badge) return;
  clear(badge);
  if (!account) {
    badge.append(h("button", { type: "button", class: "account-button", id: "sign-in", "aria-haspopup": "dialog",
      on: { click: () => openSignIn("in") } }, t("Se connecter", "Sign in")));
    return;
  }
  badge.append(
    h("a", { class: "account-name", id: "account-name", href: `#/@/${encodeURIComponent(account.name)}`,
      title: t("Votre profil", "Your profile") }, account.name),
    h("a", { class: "account-button", href: "#/account", id: "account-settings" }, t("Mon compte", "My account")),
    h("button", { type: "button", class: "account-button", id: "sign-out", on: { click: signOut } },
      t("Se déconnecter", "Sign out")));
}

async function signOut() {
  try {
    signedIn(await api("/api/session", undefined, { method: "DELETE" }));
    toast(t("Déconnecté : vos parties restent dans ce navigateur.", "Signed out: your games stay in this browser."));
  } catch (error) {
    toast(errorText(error), "error");
  }
}

// --- the sign-in / sign-up dialog ----------------------------------------------------------------

/** Open the dialog on « Se connecter » (``which`` = "in") or « Créer un compte » ("up"). */
export function openSignIn(which = "in") {
  document.querySelector("dialog.account-dialog")?.close();
  const name = h("input", { id: "account-login", name: "username", autocomplete: "username", required: true,
    minLength: 3, maxLength: 20, pattern: "[A-Za-z0-9_\\-]{3,20}", spellcheck: false });
  const password = h("input", { id: "account-password", name: "password", type: "password", required: true,
    minLength: 8, maxLength: 128 });
  const problem = h("p", { class: "form-problem", id: "account-problem", role: "alert", hidden: true });
  const title = h("h2", { id: "account-title" });
  const submit = h("button", { type: "submit", class: "primary", id: "account-submit" });
  const other = h("button", { type: "button", class: "quiet", id: "account-switch" });
  const rules = h("p", { class: "muted field-help", id: "account-rules" });
  let mode = which;
  const draw = () => {
    const up = mode === "up";
    title.textContent = up ? t("Créer un compte", "Create an account") : t("Se connecter", "Sign in");
    submit.textContent = up ? t("Créer le compte", "Create the account") : t("Se connecter", "Sign in");
    other.textContent = up ? t("J'ai déjà un compte", "I already have an account") : t("Créer un compte", "Create an account");
    password.autocomplete = up ? "new-password" : "current-password";
    rules.textContent = up
      ? t("Nom : 3 à 20 lettres sans accents, chiffres, « - » ou « _ ». Mot de passe : 8 caractères au moins. "
        + "Les parties de ce navigateur rejoignent le compte.",
      "Name: 3 to 20 letters without accents, digits, '-' or '_'. Password: at least 8 characters. "
        + "This browser's games join the account.")
      : t("Les parties jouées ici en invité rejoignent le compte.", "Games played here as a guest join the account.");
    problem.hidden = true;
  };
  other.addEventListener("click", () => { mode = mode === "up" ? "in" : "up"; draw(); name.focus(); });
  const form = h("form", { class: "account-form", on: { submit: async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      const path = mode === "up" ? "/api/account" : "/api/session";
      const reply = await api(path, { name: name.value.trim(), password: password.value, tokens: guestTokens() });
      signedIn(reply);
      dialog.close();
      toast(mode === "up" ? t(`Bienvenue, ${reply.account.name} !`, `Welcome, ${reply.account.name}!`)
        : t(`Connecté : ${reply.account.name}`, `Signed in: ${reply.account.name}`));
    } catch (error) {
      problem.textContent = errorText(error);
      problem.hidden = false;
      password.select();
    } finally {
      submit.disabled = false;
    }
  } } },
  h("label", { for: "account-login" }, t("Nom", "Name")), name,
  h("label", { for: "account-password" }, t("Mot de passe", "Password")), password,
  rules, problem,
  h("div", { class: "form-actions" }, submit, other));
  const close = h("button", { type: "button", class: "quiet dialog-close", "aria-label": t("Fermer", "Close") }, "×");
  const dialog = h("dialog", { class: "account-dialog", "aria-labelledby": "account-title" },
    h("div", { class: "dialog-head" }, title, close), form);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener("close", () => dialog.remove());
  draw();
  document.body.append(dialog);
  dialog.showModal();
  name.focus();
  return dialog;
}

// --- « Mon compte » ------------------------------------------------------------------------------

/** The #/account page: the account's name and age, a new password, deleting the account. */
export function showAccountPage(app) {
  clear(app);
  document.title = `${t("Mon compte", "My account")} · meeple`;
  if (!account) {
    app.append(h("section", { class: "panel account-page" },
      h("h1", {}, t("Mon compte", "My account")),
      h("p", {}, t("Vous jouez en invité : créez un compte pour garder vos parties et vos classements partout.",
        "You play as a guest: create an account to keep your games and ratings everywhere.")),
      h("button", { type: "button", class: "primary", on: { click: () => openSignIn("up") } },
        t("Créer un compte", "Create an account"))));
    return;
  }
  const since = new Date(account.created_at * 1000).toLocaleDateString(document.documentElement.lang);
  app.append(h("section", { class: "panel account-page" },
    h("h1", {}, account.name),
    h("p", { class: "muted" }, t(`Compte créé le ${since}`, `Account created on ${since}`)),
    h("p", {}, h("a", { href: `#/@/${encodeURIComponent(account.name)}` }, t("Mon profil", "My profile")), " · ",
      h("button", { type: "button", class: "quiet", id: "page-sign-out", on: { click: signOut } },
        t("Se déconnecter", "Sign out"))),
    passwordForm(), deleteForm()));
}

function passwordForm() {
  const current = h("input", { id: "current-password", type: "password", autocomplete: "current-password", required: true, maxLength: 128 });
  const fresh = h("input", { id: "new-password", type: "password", autocomplete: "new-password", required: true, minLength: 8, maxLength: 128 });
  const problem = h("p", { class: "form-problem", role: "alert", hidden: true });
  return h("form", { class: "account-form", id: "password-form", on: { submit: async (event) => {
    event.preventDefault();
    try {
      await api("/api/account/password", { current: current.value, new: fresh.value });
      current.value = fresh.value = "";
      problem.hidden = true;
      toast(t("Mot de passe changé : vos autres sessions sont fermées.", "Password changed: your other sessions are closed."));
    } catch (error) {
      problem.textContent = errorText(error);
      problem.hidden = false;
    }
  } } },
  h("h2", {}, t("Changer de mot de passe", "Change the password")),
  h("label", { for: "current-password" }, t("Mot de passe actuel", "Current password")), current,
  h("label", { for: "new-password" }, t("Nouveau mot de passe (8 caractères au moins)", "New password (at least 8 characters)")), fresh,
  problem, h("button", { type: "submit", class: "primary" }, t("Changer", "Change")));
}

function deleteForm() {
  const password = h("input", { id: "delete-password", type: "password", autocomplete: "current-password", required: true, maxLength: 128 });
  const problem = h("p", { class: "form-problem", role: "alert", hidden: true });
  return h("form", { class: "account-form danger", id: "delete-form", on: { submit: async (event) => {
    event.preventDefault();
    if (!window.confirm(t("Supprimer le compte ? Vos parties restent, sous « joueur supprimé ».",
      "Delete the account? Your games stay, under 'deleted player'."))) return;
    try {
      signedIn(await api("/api/account/delete", { password: password.value }));
      toast(t("Compte supprimé.", "Account deleted."));
      location.hash = "#/";
    } catch (error) {
      problem.textContent = errorText(error);
      problem.hidden = false;
    }
  } } },
  h("h2", {}, t("Supprimer le compte", "Delete the account")),
  h("p", { class: "muted" }, t("Votre nom, votre mot de passe et vos classements sont effacés ; vos parties restent, "
    + "où vous apparaissez comme « joueur supprimé ».",
  "Your name, password and ratings are erased; your games stay, where you appear as 'deleted player'.")),
  h("label", { for: "delete-password" }, t("Mot de passe", "Password")), password,
  problem, h("button", { type: "submit", class: "danger" }, t("Supprimer le compte", "Delete the account")));
}

// --- « Mes parties » -----------------------------------------------------------------------------

/** The lobby's « Mes parties » for a signed-in player: every game of the account (from any browser it
 * played on), « À vous » first; opening one keeps its seat token here. Null for a guest. */
export function myGamesPanel() {
  if (!account) return null;
  const list = h("div", { class: "my-games-list" }, t("Recherche de vos parties…", "Looking for your games…"));
  fillMyGames(list);
  return h("section", { class: "panel my-games", id: "my-games", "aria-labelledby": "my-games-title" },
    h("h2", { id: "my-games-title" }, t("Mes parties", "My games")), list);
}

async function fillMyGames(list) {
  let rooms;
  try {
    rooms = (await api("/api/me/rooms")).rooms;
  } catch (error) {
    clear(list).append(h("p", { class: "error" }, errorText(error)));
    return;
  }
  clear(list);
  if (!rooms.length) {
    list.append(h("p", { class: "muted" }, t("Aucune partie pour ce compte.", "No game for this account yet.")));
    return;
  }
  for (const room of rooms) {
    if (room.tokens?.[0]) keep(room.code, room.tokens[0], room.game); // this browser may play them now
  }
  const ordered = [...rooms.filter((room) => room.your_turn), ...rooms.filter((room) => !room.your_turn)];
  list.append(h("ul", { class: "resume-rooms my-games-rooms" }, ordered.map((room) => h("li", {
    dataset: { code: room.code }, class: room.your_turn ? "your-turn" : null },
  h("span", { class: "resume-title" }, `${gameTitle(room.game)} · ${room.code}`, " ", statusBadge(room)),
  h("span", { class: "muted" }, `${t("coups", "moves")} ${room.moves}` + (room.rated ? ` · ${t("classée", "rated")}` : "")),
  h("a", { class: "button primary", href: `#/room/${room.code}` }, room.over ? t("Revoir", "Replay") : t("Ouvrir", "Open"))))));
}

function statusBadge(room) {
  if (room.over) return h("span", { class: "turn-badge over" }, t("Terminée", "Finished"));
  if (room.waiting?.length) return h("span", { class: "turn-badge waiting" }, t("En attente", "Waiting"));
  if (room.your_turn) return h("span", { class: "turn-badge mine" }, t("À vous", "Your turn"));
  return h("span", { class: "turn-badge theirs" }, t("À l'adversaire", "Their turn"));
}
