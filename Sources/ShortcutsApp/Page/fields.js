// The controls of an action's parameters, inline in its sentence: text with variable tokens,
// numbers, toggles, menus of choices, and variables. Each control reads its value from the
// parameter's JSON form and calls `change(newValue)` with a new form (no `ref`) when edited.

/** A condition parameter's choices from the catalog (each `WFCondition` code with its words), by code. */
export function conditionNames(parameter) {
  return Object.fromEntries((parameter.conditions || []).map(({ code, phrase }) => [code, phrase]));
}

/** A token's label now: a magic variable names its action as it stands. */
export function tokenLabel(token, context) {
  if (token.kind === "output") {
    const source = context.outputs.get(token.uuid);
    if (source) return `${token.name || source.name}`;
    return `${token.name || "Output"} (missing action)`;
  }
  if (token.label) return token.label;
  return { input: "Shortcut Input", clipboard: "Clipboard", date: "Current Date", ask: "Ask Each Time", device: "Device Details" }[token.kind]
    || token.name || token.kind;
}

function tokenElement(token, context) {
  const span = document.createElement("span");
  span.className = "token" + (token.kind === "output" ? " output" : "");
  span.contentEditable = "false";
  span.dataset.token = JSON.stringify(token);
  span.textContent = tokenLabel(token, context);
  if (token.kind === "output") {
    const source = context.outputs.get(token.uuid);
    if (source) span.title = `The output of action ${source.index + 1}`;
  }
  return span;
}

/** The variables a parameter of action `index` may use: the special ones, earlier outputs, named variables. */
function variableChoices(index, context) {
  const choices = [
    { label: "Shortcut Input", token: { kind: "input" } },
    { label: "Clipboard", token: { kind: "clipboard" } },
    { label: "Current Date", token: { kind: "date" } },
    { label: "Ask Each Time", token: { kind: "ask" } },
  ];
  for (const [uuid, source] of context.outputs) {
    if (source.index < index) choices.push({ label: `${source.name} (action ${source.index + 1})`, token: { kind: "output", uuid, name: source.name } });
  }
  for (const name of context.variableNames) choices.push({ label: `Variable “${name}”`, token: { kind: "variable", name } });
  return choices;
}

function variableSelect(index, context, title, onPick) {
  const select = document.createElement("select");
  select.className = "insert-variable";
  select.setAttribute("aria-label", `Insert a variable into ${title}`);
  select.append(new Option("+ Variable", ""));
  // Filled when first used: a shortcut of a thousand actions would otherwise hold a million options.
  let choices = null;
  const fill = () => {
    if (choices) return;
    choices = variableChoices(index, context);
    choices.forEach((choice, position) => select.append(new Option(choice.label, String(position))));
  };
  select.addEventListener("focus", fill);
  select.addEventListener("mousedown", fill);
  select.addEventListener("change", () => {
    if (select.value === "") return;
    const choice = choices[Number(select.value)];
    select.value = "";
    onPick(choice.token);
  });
  return select;
}

/** Reads a token field back into text parts. */
function readParts(field) {
  const parts = [];
  const push = (text) => {
    if (!text) return;
    if (typeof parts[parts.length - 1] === "string") parts[parts.length - 1] += text; else parts.push(text);
  };
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) push(child.data);
      else if (child.dataset && child.dataset.token) parts.push({ var: JSON.parse(child.dataset.token) });
      else if (child.nodeName === "BR") push("\n");
      else { if (child.nodeName === "DIV" && parts.length) push("\n"); walk(child); }
    }
  };
  walk(field);
  return parts;
}

function tokenField(value, parameter, index, context, change, multiline) {
  const wrapper = document.createElement("span");
  const field = document.createElement("span");
  field.className = "token-field";
  field.contentEditable = "true";
  field.setAttribute("role", "textbox");
  field.setAttribute("aria-label", parameter.title);
  field.dataset.placeholder = parameter.title;
  field.dataset.key = parameter.key;
  if (multiline) field.setAttribute("aria-multiline", "true");
  const parts = value && value.t === "text" ? value.parts : value && value.t === "string" ? [value.value] : [];
  for (const part of parts || []) {
    if (typeof part === "string") field.append(document.createTextNode(part));
    else if (part.var) field.append(tokenElement(part.var, context));
  }
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      if (multiline) document.execCommand("insertText", false, "\n");
      else field.blur();
    }
  });
  const commit = () => {
    const now = readParts(field);
    const hasToken = now.some((part) => typeof part !== "string");
    const literal = now.join("");
    const was = JSON.stringify(parts || []);
    if (JSON.stringify(now) === was) return;
    if (!hasToken && value && value.t === "string") change({ t: "string", value: literal });
    else change({ t: "text", parts: now });
  };
  field.addEventListener("blur", commit);
  wrapper.append(field);
  wrapper.append(variableSelect(index, context, parameter.title, (token) => {
    field.append(tokenElement(token, context));
    const now = readParts(field);
    change({ t: "text", parts: now });
  }));
  return wrapper;
}

function variableField(value, parameter, index, context, change) {
  const wrapper = document.createElement("span");
  if (value && value.t === "var") {
    const chip = tokenElement(value.var, context);
    chip.setAttribute("role", "img");
    chip.setAttribute("aria-label", `${parameter.title}: ${tokenLabel(value.var, context)}`);
    wrapper.append(chip);
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "link";
    clear.textContent = "×";
    clear.setAttribute("aria-label", `Clear ${parameter.title}`);
    clear.addEventListener("click", () => change(null));
    wrapper.append(clear);
  } else if (value) {
    wrapper.append(readonly(value, parameter));
  }
  wrapper.append(variableSelect(index, context, parameter.title, (token) => change({ t: "var", var: token })));
  return wrapper;
}

function readonly(value, parameter) {
  const span = document.createElement("span");
  span.className = "readonly";
  span.textContent = value ? value.label : "—";
  span.setAttribute("aria-label", `${parameter.title}: ${value ? value.label : "not set"}`);
  span.tabIndex = 0;
  return span;
}

/**
 * A menu that holds only its current choice until it is focused or clicked, so a shortcut of a
 * thousand actions opens without making tens of thousands of options.
 */
function lazyOptions(select, current, options, currentTitle) {
  select.append(new Option(currentTitle || current || "—", current, true, true));
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    select.replaceChildren(...options().map(([title, value]) => new Option(title, value, false, value === current)));
  };
  select.addEventListener("focus", fill);
  select.addEventListener("mousedown", fill);
}

/** The control for one parameter of action `index`. */
export function control(parameter, value, index, context, change) {
  const type = parameter.type || (value ? { text: "text", string: "text", number: "number", bool: "boolean", var: "content" }[value.t] : "text");
  if (value && value.t === "var" && type !== "text" && type !== "url") return variableField(value, parameter, index, context, change);
  switch (type) {
    case "boolean": {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = value ? value.value === true : parameter.default === "true";
      box.setAttribute("aria-label", parameter.title);
      box.dataset.key = parameter.key;
      box.addEventListener("change", () => change({ t: "bool", value: box.checked }));
      label.append(box);
      return label;
    }
    case "number": case "integer": case "duration": {
      if (value && value.t === "text") return tokenField(value, parameter, index, context, change, false);
      const input = document.createElement("input");
      input.type = "number";
      input.step = "any";
      input.size = 6;
      input.setAttribute("aria-label", parameter.title);
      input.dataset.key = parameter.key;
      input.value = value && value.t === "number" ? String(value.value) : value && value.t === "string" ? value.value : "";
      input.placeholder = parameter.default || parameter.title;
      input.addEventListener("change", () => {
        if (input.value === "") change(null); else change({ t: "number", value: Number(input.value) });
      });
      return input;
    }
    case "enumeration": {
      if (value && value.t !== "string" && value.t !== undefined) return readonly(value, parameter);
      const select = document.createElement("select");
      select.setAttribute("aria-label", parameter.title);
      select.dataset.key = parameter.key;
      const current = value ? value.value : parameter.default;
      lazyOptions(select, current || "", () => {
        const options = [...(parameter.options || [])];
        if (current && !options.includes(current)) options.unshift(current);
        return options.map((option) => [option, option]);
      });
      select.addEventListener("change", () => change({ t: "string", value: select.value }));
      return select;
    }
    case "condition": {
      const select = document.createElement("select");
      select.setAttribute("aria-label", parameter.title);
      select.dataset.key = parameter.key;
      const current = value && value.t === "number" ? value.value : 4;
      const names = conditionNames(parameter);
      lazyOptions(select, String(current), () => Object.entries(names).map(([code, name]) => [name, code]), names[current]);
      select.addEventListener("change", () => change({ t: "number", value: Number(select.value) }));
      return select;
    }
    case "content": case "file": case "entity": case "shortcut":
      return variableField(value, parameter, index, context, change);
    case "text": case "url": case "variableName": case "date":
      if (!value || value.t === "text" || value.t === "string") {
        return tokenField(value, parameter, index, context, change, parameter.key === "WFTextActionText" || parameter.key === "Script");
      }
      return readonly(value, parameter);
    default:
      return readonly(value, parameter);
  }
}

/** A parameter's value as words, for a block shown before its controls are. */
export function displayText(parameter, value, context) {
  if (!value) return parameter.type === "condition" ? conditionNames(parameter)[4] : parameter.default || parameter.title;
  switch (value.t) {
    case "text": return (value.parts || []).map((part) => (typeof part === "string" ? part : tokenLabel(part.var, context))).join("");
    case "string": return value.value;
    case "number": return parameter.type === "condition" ? conditionNames(parameter)[value.value] || String(value.value) : String(value.value);
    case "bool": return value.value ? "on" : "off";
    case "var": return tokenLabel(value.var, context);
    default: return value.label || "";
  }
}
