// The Shortcuts app: the library of shortcuts, the editor, settings.
import { get, post, put, del, request, events, encode } from "./api.js";
import { glyphIcon, tileColor } from "./icons.js";
import { Editor } from "./editor.js";

class App {
  constructor() {
    this.folder = null;
    this.shortcuts = [];
    this.editor = new Editor(this);
    this.bind();
    this.showLibrary();
    // The action library is needed by the first shortcut opened; fetch it meanwhile.
    this.editor.loadCatalog().catch(() => {});
    events("/api/events", { library: () => { if (!document.getElementById("view-library").hidden) this.loadLibrary(); } });
  }

  bind() {
    document.getElementById("nav-library").addEventListener("click", () => this.showLibrary());
    document.getElementById("nav-settings").addEventListener("click", () => this.showSettings());
    document.getElementById("nav-history").addEventListener("click", () => this.showHistory());
    document.getElementById("history-refresh").addEventListener("click", () => this.showHistory());
    document.getElementById("history-failed").addEventListener("change", () => this.showHistory());
    document.getElementById("library-search").addEventListener("input", () => this.renderTiles());
    document.getElementById("new-shortcut").addEventListener("click", () => this.newShortcut());
    document.getElementById("new-folder").addEventListener("click", () => this.newFolder());
    document.getElementById("import-file").addEventListener("change", (event) => {
      for (const file of event.target.files) this.importFile(file);
      event.target.value = "";
    });
    document.getElementById("allow-scripts").addEventListener("change", (event) => this.setScripts(event.target.checked));
    document.getElementById("model-add").addEventListener("click", () => this.addModelRow({ name: "", url: "", choices: [] }));
    document.getElementById("models-save").addEventListener("click", () => this.saveModels());
    document.getElementById("describe-form").addEventListener("submit", (event) => { event.preventDefault(); this.describe(); });
    document.getElementById("describe-save").addEventListener("click", () => this.saveDescribed());
    document.getElementById("describe-discard").addEventListener("click", () => { document.getElementById("describe-result").hidden = true; });
    // Dropping a file anywhere imports it.
    document.addEventListener("dragover", (event) => {
      if (event.dataTransfer.types.includes("Files")) { event.preventDefault(); document.body.classList.add("dropping"); }
    });
    document.addEventListener("dragleave", () => document.body.classList.remove("dropping"));
    document.addEventListener("drop", (event) => {
      document.body.classList.remove("dropping");
      const link = (event.dataTransfer.getData("text/uri-list") || event.dataTransfer.getData("text/plain") || "").trim();
      if (!event.dataTransfer.files.length && !/^https?:\/\/(www\.)?icloud\.com\/shortcuts\//.test(link)) return;
      event.preventDefault();
      if (event.dataTransfer.files.length) for (const file of event.dataTransfer.files) this.importFile(file);
      else this.importLink(link.split("\n")[0].trim());
    });
    document.addEventListener("dragover", (event) => {
      if (event.dataTransfer.types.includes("text/uri-list")) event.preventDefault();
    });
  }

  /** Shows one view: library, editor or settings. */
  show(name) {
    for (const view of ["library", "editor", "history", "settings"]) document.getElementById(`view-${view}`).hidden = view !== name;
    document.getElementById("nav-library").setAttribute("aria-current", name === "library" || name === "editor" ? "page" : "false");
    document.getElementById("nav-history").setAttribute("aria-current", name === "history" ? "page" : "false");
    document.getElementById("nav-settings").setAttribute("aria-current", name === "settings" ? "page" : "false");
  }

  say(text, isError = false) {
    const message = document.getElementById("library-message");
    message.textContent = text;
    message.classList.toggle("error", isError);
    if (isError && !document.getElementById("view-editor").hidden) document.getElementById("editor-state").textContent = text;
  }

  // MARK: Library

  async showLibrary() {
    this.show("library");
    await this.loadLibrary();
  }

  async loadLibrary() {
    try {
      const library = await get("/api/library");
      this.shortcuts = library.shortcuts;
      this.folders = library.folders;
    } catch (error) {
      this.say(`Couldn't read the library: ${error.message}`, true);
      return;
    }
    this.renderFolders();
    this.renderTiles();
    this.watchRuns();
  }

  /** Lists the service's runs from every client while the library shows, every two seconds. */
  watchRuns() {
    if (this.runsTimer) return;
    const refresh = async () => {
      if (document.getElementById("view-library").hidden) { this.runsTimer = null; return; }
      try {
        const { runs } = await get("/api/runs");
        this.renderRuns(runs);
      } catch { /* the next refresh says it again */ }
      this.runsTimer = setTimeout(refresh, 2000);
    };
    this.runsTimer = setTimeout(refresh, 0);
  }

  renderRuns(runs) {
    const section = document.getElementById("running");
    section.hidden = runs.length === 0;
    document.getElementById("running-list").replaceChildren(...runs.map((run) => {
      const item = document.createElement("li");
      item.dataset.runId = run.runID;
      item.append(document.createTextNode(`${run.shortcut} — ${run.fromThisApp ? "from this app" : `from process ${run.clientProcess}`} `));
      const stop = document.createElement("button");
      stop.type = "button";
      stop.textContent = "Stop";
      stop.setAttribute("aria-label", `Stop ${run.shortcut}`);
      stop.addEventListener("click", async () => {
        try { await post(`/api/runs/${encode(run.runID)}/cancel`); } catch (error) { this.say(error.message, true); }
      });
      item.append(stop);
      return item;
    }));
  }

  renderFolders() {
    const list = document.getElementById("folder-list");
    const entries = [[null, "All Shortcuts"], ...this.folders.map((f) => [f, f])];
    list.replaceChildren(...entries.map(([folder, title]) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      const count = this.shortcuts.filter((s) => folder === null || s.folder === folder).length;
      button.textContent = `${title} (${count})`;
      button.setAttribute("aria-current", String(this.folder === folder));
      button.addEventListener("click", () => { this.folder = folder; this.renderFolders(); this.renderTiles(); });
      item.append(button);
      return item;
    }));
  }

  renderTiles() {
    const query = document.getElementById("library-search").value.trim().toLowerCase();
    const shown = this.shortcuts.filter((s) => (this.folder === null || s.folder === this.folder) && (!query || s.name.toLowerCase().includes(query)));
    const tiles = document.getElementById("tiles");
    tiles.replaceChildren(...shown.map((shortcut) => this.tile(shortcut)));
    if (!this.shortcuts.length) this.say("No shortcuts yet: make one with New Shortcut, or import a file.");
  }

  tile(shortcut) {
    const item = document.createElement("li");
    item.className = "tile";
    item.dataset.id = shortcut.id;
    item.style.background = tileColor(shortcut.color);
    const open = document.createElement("button");
    open.type = "button";
    open.className = "open";
    open.setAttribute("aria-label", `Open ${shortcut.name}`);
    open.addEventListener("click", (event) => this.editor.open(shortcut.id, event.timeStamp));
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = shortcut.name;
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = `${shortcut.actionCount} action${shortcut.actionCount === 1 ? "" : "s"}${shortcut.damaged ? " · can't be read" : ""}`;
    const buttons = document.createElement("div");
    buttons.className = "tile-buttons";
    const run = document.createElement("button");
    run.type = "button";
    run.textContent = "▶";
    run.setAttribute("aria-label", `Run ${shortcut.name}`);
    run.addEventListener("click", async () => { await this.editor.open(shortcut.id); this.editor.runShortcut(); });
    const more = document.createElement("select");
    more.setAttribute("aria-label", `More for ${shortcut.name}`);
    for (const [value, text] of [["", "•••"], ["duplicate", "Duplicate"], ["rename", "Rename…"], ["move", "Move to Folder…"], ["export", "Export"], ["delete", "Delete"]]) {
      more.append(new Option(text, value));
    }
    more.addEventListener("change", () => { const action = more.value; more.value = ""; this.tileAction(shortcut, action); });
    buttons.append(run, more);
    item.append(open, glyphIcon(shortcut.glyph), name, count, buttons);
    return item;
  }

  async tileAction(shortcut, action) {
    const path = `/api/shortcuts/${encode(shortcut.id)}`;
    try {
      if (action === "duplicate") await post(`${path}/duplicate`);
      if (action === "rename") {
        const name = await this.askName("Rename Shortcut", "Name", shortcut.name);
        if (name) await post(`${path}/rename`, { name });
      }
      if (action === "move") {
        const folder = await this.askName("Move to Folder", "Folder (empty for none)", shortcut.folder || "", false);
        if (folder !== null) await post(`${path}/move`, { folder: folder || null });
      }
      if (action === "export") { window.location.href = `${path}/export`; return; }
      if (action === "delete") {
        if (!confirm(`Delete “${shortcut.name}”? It goes to Recently Deleted.`)) return;
        await del(path);
        this.say(`Moved “${shortcut.name}” to Recently Deleted.`);
      }
    } catch (error) {
      this.say(error.message, true);
    }
    await this.loadLibrary();
  }

  async newShortcut() {
    const name = await this.askName("New Shortcut", "Name", "New Shortcut");
    if (!name) return;
    try {
      const made = await post("/api/shortcuts", { name, folder: this.folder });
      await this.editor.open(made.id);
    } catch (error) {
      this.say(error.message, true);
    }
  }

  async newFolder() {
    const name = await this.askName("New Folder", "Name", "");
    if (!name) return;
    this.folders = [...new Set([...this.folders, name])];
    this.folder = name;
    this.renderFolders();
    this.renderTiles();
    this.say(`A folder is kept once a shortcut is in it.`);
  }

  async importFile(file, allowUnverified = false) {
    const bytes = await file.arrayBuffer();
    const path = `/api/import?name=${encodeURIComponent(file.name)}${allowUnverified ? "&allowUnverified=1" : ""}`;
    try {
      const made = await request("POST", path, bytes, { raw: true, headers: { "Content-Type": "application/octet-stream" } });
      this.say(`Imported “${made.name}”.`);
    } catch (error) {
      if (error.status === 451 && !allowUnverified && confirm(`${error.message}. Import it anyway?`)) return this.importFile(file, true);
      this.say(`Couldn't import ${file.name}: ${error.message}`, true);
    }
    await this.loadLibrary();
  }

  async importLink(link, allowUnverified = false) {
    this.say(`Fetching ${link}…`);
    try {
      const made = await post(`/api/import-link${allowUnverified ? "?allowUnverified=1" : ""}`, { link });
      this.say(`Imported “${made.name}”.`);
    } catch (error) {
      if (error.status === 451 && !allowUnverified && confirm(`${error.message}. Import it anyway?`)) return this.importLink(link, true);
      this.say(`Couldn't import ${link}: ${error.message}`, true);
    }
    await this.loadLibrary();
  }

  /** Asks for a name in a dialog; resolves to the text, or null when cancelled. */
  askName(title, label, value, required = true) {
    const dialog = document.getElementById("name-dialog");
    document.getElementById("name-title").textContent = title;
    document.getElementById("name-label").textContent = label;
    const input = document.getElementById("name-input");
    input.value = value;
    input.required = required;
    return new Promise((resolve) => {
      const done = (result) => { dialog.close(); resolve(result); };
      document.getElementById("name-cancel").onclick = () => done(null);
      document.getElementById("name-form").onsubmit = (event) => { event.preventDefault(); done(input.value.trim()); };
      dialog.oncancel = () => resolve(null);
      dialog.showModal();
      input.select();
    });
  }

  // MARK: Settings

  // MARK: History

  async showHistory() {
    this.show("history");
    const message = document.getElementById("history-message");
    const failed = document.getElementById("history-failed").checked;
    let runs;
    try {
      runs = (await get(`/api/history${failed ? "?status=failed" : ""}`)).runs;
    } catch (error) {
      message.textContent = `Couldn't read the history: ${error.message}`;
      message.classList.add("error");
      return;
    }
    message.classList.remove("error");
    message.textContent = runs.length ? "" : "No runs yet.";
    const body = document.getElementById("history-runs");
    body.replaceChildren(...runs.map((run) => {
      const row = document.createElement("tr");
      row.className = `status-${run.status}`;
      row.tabIndex = 0;
      row.dataset.run = run.id;
      const cells = [new Date(run.start).toLocaleString(), run.shortcut.name, run.trigger, run.status,
        run.durationSeconds === undefined ? "—" : `${run.durationSeconds.toFixed(3)} s`];
      for (const text of cells) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      const open = () => this.showPastRun(run.id);
      row.addEventListener("click", open);
      row.addEventListener("keydown", (event) => { if (event.key === "Enter") open(); });
      return row;
    }));
    document.getElementById("history-run").hidden = true;
  }

  async showPastRun(id) {
    let run;
    try {
      run = await get(`/api/history/${encodeURIComponent(id)}`);
    } catch (error) {
      document.getElementById("history-message").textContent = error.message;
      return;
    }
    const short = (identifier) => identifier.replace(/^is\.workflow\.actions\./, "");
    const milliseconds = (value) => `${value.toFixed(3)} ms`;
    const output = (summary) => summary ? summary.type + (summary.preview ? ` “${summary.preview}”` : "") : "";
    document.getElementById("history-run-heading").textContent = `${run.shortcut.name}, ${new Date(run.start).toLocaleString()}`;
    const parts = [`From ${run.trigger}`, run.status];
    if (run.input) parts.push(`input ${output(run.input)}`);
    if (run.output) parts.push(`output ${output(run.output)}`);
    document.getElementById("history-run-summary").textContent = parts.join(" · ");
    const problem = document.getElementById("history-run-error");
    problem.hidden = !run.error;
    if (run.error) {
      const place = run.error.actionIndex ? `Action ${run.error.actionIndex} (${short(run.error.identifier || "")})` : "The run";
      problem.textContent = `${place}${run.error.parameter ? `, ${run.error.parameter}` : ""}: ${run.error.message}`;
    }
    const fill = (id, rows) => document.getElementById(id).replaceChildren(...rows.map(({ cells, failed }) => {
      const row = document.createElement("tr");
      if (failed) row.className = "failed-step";
      for (const text of cells) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }));
    const last = run.trace[run.trace.length - 1];
    fill("history-steps", run.trace.map((step) => ({
      cells: [step.step, `${step.actionIndex} ${short(step.identifier)}`, milliseconds(step.startMilliseconds),
        milliseconds(step.durationMilliseconds), output(step.output)],
      failed: run.error && step === last && run.error.actionIndex === step.actionIndex,
    })));
    fill("history-profile", run.profile.map((action) => ({
      cells: [`${action.actionIndex} ${short(action.identifier)}`, action.count, milliseconds(action.totalMilliseconds)],
    })));
    document.getElementById("history-run").hidden = false;
  }

  async showSettings() {
    this.show("settings");
    try {
      this.renderSettings(await get("/api/settings"));
    } catch (error) {
      this.say(error.message, true);
    }
  }

  renderSettings(settings) {
    const box = document.getElementById("allow-scripts");
    box.checked = settings.allowRunningScripts;
    box.disabled = settings.allowRunningScriptsOverride !== undefined;
    document.getElementById("allow-scripts-help").textContent = box.disabled
      ? `SHORTCUTS_ALLOW_RUNNING_SCRIPTS decides for the service (${settings.allowRunningScriptsOverride ? "on" : "off"}).`
      : "Lets shortcuts run shell scripts and other programs. Leave it off for shortcuts you downloaded.";
    document.getElementById("library-path").textContent = settings.library;
    this.renderModels(settings);
    document.getElementById("allowed-clients").textContent = settings.allowedClients
      ? settings.allowedClients.join(", ") : "Any program of yours (set allowedClients in service.json to limit them).";
    const apps = document.getElementById("apps-list");
    apps.replaceChildren(...(settings.apps.length ? settings.apps : [null]).map((app) => {
      const item = document.createElement("li");
      item.textContent = app ? `${app.name} (${app.bundleIdentifier}): ${app.actions.join(", ")}` : "No apps installed.";
      return item;
    }));
  }

  // MARK: Models and Describe

  /** The endpoints, one editable row each (docs/INTELLIGENCE.md). */
  renderModels(settings) {
    document.getElementById("models-list").replaceChildren();
    for (const endpoint of settings.models) this.addModelRow(endpoint);
    const fallback = settings.defaultModel;
    document.getElementById("models-help").textContent = settings.models.length
      ? "Use Model, the Writing Tools and Describe ask these OpenAI-compatible servers; the first is the default."
      : `None named: ${fallback.url} answers${fallback.name === "OPENAI_BASE_URL" ? " (from OPENAI_BASE_URL)" : " (llama.cpp's server on this machine)"}.`;
  }

  addModelRow(endpoint) {
    const item = document.createElement("li");
    const field = (key, label, value, className = "") => {
      const input = document.createElement("input");
      input.type = "text";
      input.dataset.key = key;
      input.value = value || "";
      input.placeholder = label;
      input.setAttribute("aria-label", label);
      if (className) input.className = className;
      return input;
    };
    item.append(field("name", "Name", endpoint.name), field("url", "URL", endpoint.url, "url"), field("model", "Model (optional)", endpoint.model),
      field("keyVariable", "Key variable (optional)", endpoint.keyVariable));
    for (const [choice, title] of [["on-device", "On-Device"], ["private-cloud", "Private Cloud Compute"], ["chatgpt", "ChatGPT"]]) {
      const label = document.createElement("label");
      label.className = "check";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.choice = choice;
      box.checked = (endpoint.choices || []).includes(choice);
      label.append(box, ` ${title}`);
      item.append(label);
    }
    if (endpoint.keyFile) item.dataset.keyFile = endpoint.keyFile;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "Remove";
    remove.setAttribute("aria-label", `Remove model ${endpoint.name || "(new)"}`);
    remove.addEventListener("click", () => item.remove());
    item.append(remove);
    document.getElementById("models-list").append(item);
  }

  async saveModels() {
    const models = [...document.querySelectorAll("#models-list > li")].map((item) => {
      const value = (key) => item.querySelector(`input[data-key="${key}"]`).value.trim();
      return {
        name: value("name"), url: value("url"), model: value("model") || null, keyVariable: value("keyVariable") || null,
        keyFile: item.dataset.keyFile || null,
        choices: [...item.querySelectorAll("input[data-choice]")].filter((box) => box.checked).map((box) => box.dataset.choice),
      };
    });
    const message = document.getElementById("models-message");
    try {
      const settings = await put("/api/settings", { models });
      this.renderModels(settings);
      message.textContent = `Saved ${models.length} model${models.length === 1 ? "" : "s"}.`;
      message.classList.remove("error");
    } catch (error) {
      message.textContent = error.message;
      message.classList.add("error");
    }
  }

  async describe() {
    const description = document.getElementById("describe-input").value.trim();
    if (!description) return;
    const button = document.getElementById("describe-write");
    button.disabled = true;
    this.say("Your model is writing the shortcut…");
    try {
      const written = await post("/api/describe", { description });
      document.getElementById("describe-text").textContent = written.text;
      document.getElementById("describe-name").value = written.name;
      document.getElementById("describe-result").hidden = false;
      this.say(written.attempts === 1 ? "It compiled on the first answer." : `It compiled on answer ${written.attempts}.`);
    } catch (error) {
      this.say(error.message, true);
    } finally {
      button.disabled = false;
    }
  }

  async saveDescribed() {
    const name = document.getElementById("describe-name").value.trim();
    try {
      const saved = await post("/api/describe/save", { name, text: document.getElementById("describe-text").textContent });
      document.getElementById("describe-result").hidden = true;
      document.getElementById("describe-input").value = "";
      this.say(`Saved “${saved.name}”.`);
      await this.loadLibrary();
    } catch (error) {
      this.say(error.message, true);
    }
  }

  async setScripts(allow) {
    try {
      this.renderSettings(await put("/api/settings", { allowRunningScripts: allow }));
    } catch (error) {
      this.say(error.message, true);
    }
  }
}

window.shortcutsApp = new App();
