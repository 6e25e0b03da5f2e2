"""Drives the Shortcuts app in Debian's headless Chromium with Playwright, as a person would,
and prints what it saw as JSON for AppBrowserTests.swift to check.

    python browser_session.py '{"address": "http://127.0.0.1:PORT/?secret=…", "home": …, …}'

Every step records its findings under its own key, so one failing step doesn't hide the others.
"""
import http.client
import http.server
import json
import socket
import subprocess
import threading
import shutil
import sys
import time
import traceback
import urllib.parse

from playwright.sync_api import sync_playwright

config = json.loads(sys.argv[1])
address = config["address"]
parts = urllib.parse.urlparse(address)
host, port = parts.hostname, parts.port
shots = config["screenshots"]
results = {}

# The text of each block's sentence: its words, and each control's current value.
SUMMARIES = """() => [...document.querySelectorAll('#actions > .action')].map(item => {
  const words = [];
  for (const node of item.querySelectorAll(':scope > .action-head > .sentence > *')) {
    if (node.matches('.token-field') || node.querySelector('.token-field')) {
      words.push((node.matches('.token-field') ? node : node.querySelector('.token-field')).textContent);
    } else if (node.matches('select')) {
      words.push(node.selectedOptions[0] ? node.selectedOptions[0].textContent : '');
    } else if (node.matches('input')) {
      words.push(node.type === 'checkbox' ? String(node.checked) : node.value);
    } else if (node.querySelector('.token')) {
      words.push(node.querySelector('.token').textContent);
    } else {
      words.push(node.textContent);
    }
  }
  return words.join(' ').replace(/\\s+/g, ' ').trim();
})"""


def step(name):
    def wrap(body):
        try:
            results[name] = body()
        except Exception as error:  # noqa: BLE001 - every failure is reported, not raised
            results[name] = {"error": f"{type(error).__name__}: {error}", "trace": traceback.format_exc()[-1500:]}
    return wrap


def raw(method, path, headers=None, body=None):
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    return response.status, response, data


@step("security")
def security():
    status, response, _ = raw("GET", "/?" + parts.query)
    cookie = response.getheader("Set-Cookie") or ""
    pair = cookie.split(";")[0]
    own = f"http://127.0.0.1:{port}"
    found = {
        "exchangeStatus": status,
        "cookie": cookie,
        "shellWithoutSecret": raw("GET", "/")[0],
        "apiWithoutSecret": raw("GET", "/api/library")[0],
        "apiWithWrongSecret": raw("GET", "/api/library", {"Cookie": pair.split("=")[0] + "=0000"})[0],
        "apiWithSecret": raw("GET", "/api/library", {"Cookie": pair})[0],
        "foreignHost": raw("GET", "/api/library", {"Cookie": pair, "Host": f"evil.example:{port}"})[0],
        "foreignHostShell": raw("GET", "/", {"Host": "attacker.test"})[0],
        "foreignOrigin": raw("POST", "/api/shortcuts", {"Cookie": pair, "Origin": "http://evil.example", "Content-Type": "application/json"}, b'{"name":"Evil"}')[0],
        "noOrigin": raw("POST", "/api/shortcuts", {"Cookie": pair, "Content-Type": "application/json"}, b'{"name":"Evil"}')[0],
        "ownOrigin": raw("POST", "/api/shortcuts", {"Cookie": pair, "Origin": own, "Content-Type": "application/json"}, b'{"name":"Made By Test"}')[0],
        "corsHeader": response.getheader("Access-Control-Allow-Origin"),
    }
    _, shell, _ = raw("GET", "/")
    found["csp"] = shell.getheader("Content-Security-Policy")
    # Bad bodies get a clear refusal, and the server carries on.
    signed = {"Cookie": pair, "Origin": own, "Content-Type": "application/json"}
    status, _, body = raw("PUT", "/api/shortcuts/Hello", signed, b"not json")
    found["notJSON"] = [status, body.decode()]
    status, _, body = raw("PUT", "/api/shortcuts/Hello", signed, b'{"revision":"x","actions":[{"identifier":"is.workflow.actions.gettext","parameters":[{"key":"WFTextActionText","value":{"ref":"%%"}}]}]}')
    found["badRef"] = [status, body.decode()]
    status, _, body = raw("PUT", "/api/shortcuts/Hello", signed, b'{"revision":"x","actions":[]}')
    found["staleRevision"] = status
    status, _, _ = raw("POST", "/api/shortcuts", signed, b"{" * 40 + b"x" * (33 << 20))
    found["tooLarge"] = status
    found["afterwards"] = raw("GET", "/api/library", {"Cookie": pair})[0]
    return found


def open_editor(page, name):
    if page.locator("#view-editor").is_visible():
        page.locator("#editor-back").click()
    page.locator(".tile").first.wait_for()
    started = time.perf_counter()
    page.get_by_role("button", name=f"Open {name}", exact=True).click()
    page.locator("#editor-name", has_text=name).wait_for()
    page.locator("#view-editor[data-opened-ms]").wait_for(state="attached")
    return started


def replace_text(page, field, text):
    """Types `text` over what a token field holds, and leaves it (which commits the edit)."""
    field.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
    page.keyboard.press("Tab")


def save(page):
    page.get_by_role("button", name="Save", exact=True).click()
    page.locator("#editor-state", has_text="Saved").wait_for()


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=config["chromium"])
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    messages = []
    page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: messages.append(f"pageerror: {error}"))
    foreign_requests = []
    page.on("request", lambda request: foreign_requests.append(request.url) if not request.url.startswith((f"http://127.0.0.1:{port}/", "data:", "blob:")) else None)

    @step("library")
    def library():
        page.goto(address)
        page.locator(".tile").first.wait_for()
        page.screenshot(path=f"{shots}/library.png")
        return {"url": page.url, "tiles": page.locator(".tile .name").all_inner_texts()}

    @step("openHello")
    def open_hello():
        open_editor(page, "Hello")
        page.screenshot(path=f"{shots}/editor.png", full_page=True)
        return {"blocks": page.locator("#actions > .action").count(), "summaries": page.evaluate(SUMMARIES)}

    @step("editParameter")
    def edit_parameter():
        replace_text(page, page.locator("#actions > .action").nth(3).get_by_role("textbox", name="Text"), "Hi there, Linux")
        state = page.locator("#editor-state").inner_text()
        save(page)
        return {"stateBeforeSave": state, "summaries": page.evaluate(SUMMARIES)}

    @step("reorder")
    def reorder():
        open_editor(page, "Order")
        before = page.evaluate(SUMMARIES)
        handle = page.locator("#actions > .action").nth(2).locator(".handle")
        target = page.locator("#actions > .action").nth(0)
        box = target.bounding_box()
        handle.drag_to(target, target_position={"x": 40, "y": 4})
        after = page.evaluate(SUMMARIES)
        save(page)
        return {"before": before, "after": after}

    @step("addFromSidebar")
    def add_from_sidebar():
        page.get_by_placeholder("Search for apps and actions").fill("show result")
        shown = page.locator(".library-action").all_inner_texts()
        page.get_by_role("button", name="Add Show Result", exact=True).click()
        blocks = page.evaluate(SUMMARIES)
        page.get_by_role("button", name="Undo", exact=True).click()
        undone = page.locator("#actions > .action").count()
        page.get_by_role("button", name="Redo", exact=True).click()
        redone = page.locator("#actions > .action").count()
        save(page)
        return {"sidebar": shown, "summaries": blocks, "afterUndo": undone, "afterRedo": redone}

    @step("textView")
    def text_view():
        page.get_by_role("button", name="Text", exact=True).click()
        page.locator("#text-source").wait_for()
        text = page.locator("#text-source").input_value()
        page.locator("#text-source").fill(text + "\nChangeCas \"x\"\n")
        page.get_by_role("button", name="Check", exact=True).click()
        page.locator("#diagnostics li").first.wait_for()
        problems = page.locator("#diagnostics li").all_inner_texts()
        page.locator("#text-source").fill(text)
        page.get_by_role("button", name="Blocks", exact=True).click()
        page.locator("#actions").wait_for()
        return {"text": text, "problems": problems, "state": page.locator("#editor-state").inner_text(),
                "blocks": page.locator("#actions > .action").count()}

    @step("runMarks")
    def run_marks():
        open_editor(page, "Steps")
        # Every block that is marked running, in order, however briefly (a Text runs in microseconds).
        page.evaluate("""() => {
            window.markedRunning = [];
            // Records come in batches: a record's new class is the next record's old one, or the class now.
            new MutationObserver(records => {
                records.forEach((record, position) => {
                    const next = records.slice(position + 1).find(other => other.target === record.target);
                    const now = next ? next.oldValue || '' : record.target.className;
                    const was = record.oldValue || '';
                    if (now.split(' ').includes('running') && !was.split(' ').includes('running')) {
                        window.markedRunning.push(Number(record.target.dataset.index));
                    }
                });
            }).observe(document.getElementById('actions'), { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
        }""")
        page.get_by_role("button", name="▶ Run").click()
        page.locator("#run-panel[data-status]").wait_for(timeout=20000)
        page.screenshot(path=f"{shots}/run.png", full_page=True)
        return {"runningInTurn": page.evaluate("() => window.markedRunning"), "status": page.locator("#run-status").inner_text(),
                "done": page.locator("#actions > .action.done").count(), "output": page.locator("#run-output").inner_text()}

    @step("askForInput")
    def ask_for_input():
        open_editor(page, "Greeter")
        page.get_by_role("button", name="▶ Run").click()
        dialog = page.locator("#prompt-dialog")
        dialog.wait_for()
        title = page.locator("#prompt-title").inner_text()
        page.get_by_role("textbox", name="Your name?").fill("Ada")
        page.screenshot(path=f"{shots}/ask.png")
        page.get_by_role("button", name="Done").click()
        page.locator("#run-panel[data-status]").wait_for()
        return {"title": title, "status": page.locator("#run-status").inner_text(), "output": page.locator("#run-output").inner_text()}

    @step("menu")
    def menu():
        open_editor(page, "Colour")
        blocks = page.evaluate(SUMMARIES)
        page.get_by_role("button", name="▶ Run").click()
        page.locator("#prompt-dialog").wait_for()
        title = page.locator("#prompt-title").inner_text()
        options = page.locator("#prompt-body button").all_inner_texts()
        page.get_by_role("button", name="Blue", exact=True).click()
        page.locator("#run-panel[data-status]").wait_for()
        output = page.locator("#run-output").inner_text()
        # Renaming an item renames it in the menu's list too.
        replace_text(page, page.locator("#actions > .action").nth(3).get_by_role("textbox", name="Title"), "Navy")
        save(page)
        return {"blocks": blocks, "title": title, "options": options, "output": output}

    @step("image")
    def image():
        open_editor(page, "Picture")
        page.get_by_role("button", name="▶ Run").click()
        page.locator("#run-panel[data-status]").wait_for()
        picture = page.locator("#run-output img")
        picture.wait_for()
        return {"alt": picture.get_attribute("alt"), "width": picture.evaluate("i => new Promise(r => i.complete ? r(i.naturalWidth) : i.onload = () => r(i.naturalWidth))")}

    @step("newAndFolders")
    def new_and_folders():
        if page.locator("#view-editor").is_visible():
            page.locator("#editor-back").click()
        page.get_by_role("button", name="New Shortcut", exact=True).click()
        page.locator("#name-input").fill("Made Here")
        page.locator("#name-ok").click()
        page.locator("#editor-name", has_text="Made Here").wait_for()
        page.get_by_placeholder("Search for apps and actions").fill("text")
        page.get_by_role("button", name="Add Text", exact=True).click()
        field = page.locator("#actions > .action").nth(0).get_by_role("textbox", name="Text")
        field.click()
        page.keyboard.type("made in the app")
        page.keyboard.press("Tab")
        save(page)
        page.locator("#editor-back").click()
        page.get_by_role("combobox", name="More for Made Here").select_option("move")
        page.locator("#name-input").fill("Work")
        page.locator("#name-ok").click()
        page.get_by_role("button", name="Work (1)").click()
        in_folder = page.locator(".tile .name").all_inner_texts()
        with page.expect_download() as download:
            page.get_by_role("combobox", name="More for Made Here").select_option("export")
        path = config["exportPath"]
        download.value.save_as(path)
        page.get_by_role("button", name="All Shortcuts", exact=False).click()
        return {"inFolder": in_folder, "exported": download.value.suggested_filename}

    @step("stop")
    def stop():
        open_editor(page, "Long Wait")
        page.get_by_role("button", name="▶ Run").click()
        page.locator("#actions > .action.running").wait_for()
        status = subprocess.run([config["shortcuts"], "service", "status"], env=config["environment"], capture_output=True, text=True).stdout
        started = time.perf_counter()
        page.get_by_role("button", name="■ Stop").click()
        page.locator("#run-panel[data-status]").wait_for(timeout=10000)
        return {"status": page.locator("#run-panel").get_attribute("data-status"), "text": page.locator("#run-status").inner_text(),
                "seconds": time.perf_counter() - started, "serviceStatus": status}

    @step("conflict")
    def conflict():
        open_editor(page, "Clash")
        replace_text(page, page.locator("#actions > .action").nth(0).get_by_role("textbox", name="Text"), "edited in the app")
        # Another editor saves the file meanwhile.
        shutil.copyfile(config["clashReplacement"], config["clashPath"])
        page.get_by_role("button", name="Save", exact=True).click()
        page.locator("#conflict").wait_for()
        found = {"conflict": page.locator("#conflict").inner_text(), "state": page.locator("#editor-state").inner_text()}
        page.get_by_role("button", name="Discard your changes and open the version on disk").click()
        found["afterTakingDisk"] = page.evaluate(SUMMARIES)
        return found

    @step("large")
    def large():
        found = {}
        for name, count in config["large"]:
            started = open_editor(page, name)
            page.locator("#actions > .action").nth(count - 1).wait_for(state="attached")
            elapsed = (time.perf_counter() - started) * 1000
            view = page.locator("#view-editor")
            page.mouse.wheel(0, 20000)
            page.locator("#view-editor[data-shown-ms]").wait_for(state="attached")
            found[name] = {"blocks": page.locator("#actions > .action").count(), "clickToLastBlockMs": elapsed,
                           "fetchMs": int(view.get_attribute("data-fetch-ms")), "openMs": int(view.get_attribute("data-opened-ms")),
                           "shownMs": int(view.get_attribute("data-shown-ms")),
                           "titles": page.locator("#actions > .action").evaluate_all("items => items.filter(i => !i.querySelector('.action-title, .words, .value')).length")}
        return found

    @step("imports")
    def imports():
        # A file picked with Import…, and an iCloud link dropped on the page (served here, as iCloud would).
        record_id = "0123456789abcdef0123456789abcdef"
        icloud_port = config["icloudPort"]
        shared = open(config["sharedFile"], "rb").read()

        class ICloud(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path == f"/shortcuts/api/records/{record_id}":
                    body = json.dumps({"recordName": record_id, "fields": {
                        "name": {"value": "Shared Steps"},
                        "shortcut": {"value": {"downloadURL": f"http://127.0.0.1:{icloud_port}/file/${{f}}"}}}}).encode()
                elif self.path.startswith("/file/"):
                    body = shared
                else:
                    self.send_response(404)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        icloud = http.server.HTTPServer(("127.0.0.1", icloud_port), ICloud)
        threading.Thread(target=icloud.serve_forever, daemon=True).start()
        if page.locator("#view-editor").is_visible():
            page.locator("#editor-back").click()
        page.locator(".tile").first.wait_for()
        page.locator("#import-file").set_input_files(config["importFile"])
        page.get_by_role("button", name="Open Picked File", exact=True).wait_for()
        transfer = page.evaluate_handle(
            "link => { const t = new DataTransfer(); t.setData('text/uri-list', link); return t; }",
            f"https://www.icloud.com/shortcuts/{record_id}")
        page.dispatch_event("body", "drop", {"dataTransfer": transfer})
        page.get_by_role("button", name="Open Shared Steps", exact=True).wait_for()
        icloud.shutdown()
        return {"tiles": page.locator(".tile .name").all_inner_texts(), "message": page.locator("#library-message").inner_text()}

    @step("failureAndScripts")
    def failure_and_scripts():
        open_editor(page, "Script")
        page.get_by_role("button", name="▶ Run").click()
        page.locator("#run-panel[data-status]").wait_for()
        failed = page.locator("#actions > .action.failed")
        found = {"status": page.locator("#run-panel").get_attribute("data-status"),
                 "failedIndex": failed.get_attribute("data-index"),
                 "message": failed.locator(".action-error").inner_text()}
        # Allow Running Scripts in Settings, and the same run succeeds.
        page.get_by_role("button", name="Settings", exact=True).click()
        box = page.get_by_role("checkbox", name="Allow Running Scripts")
        box.check()
        page.wait_for_timeout(300)
        found["checked"] = box.is_checked()
        page.get_by_role("button", name="Library", exact=True).click()
        open_editor(page, "Script")
        page.get_by_role("button", name="▶ Run").click()
        page.locator("#run-panel[data-status]").wait_for()
        found["afterAllowing"] = page.locator("#run-panel").get_attribute("data-status")
        found["output"] = page.locator("#run-output").inner_text()
        return found

    @step("otherClientsRun")
    def other_clients_run():
        # A run another program started over the service's socket shows in the library, and stops from there.
        if page.locator("#view-editor").is_visible():
            page.locator("#editor-back").click()
        page.locator(".tile").first.wait_for()
        answer = {}

        def call():
            client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            client.connect(config["socket"])
            client.sendall(b'{"jsonrpc":"2.0","id":1,"method":"shortcuts.run","params":{"shortcut":"Long Wait"}}\n')
            answer["line"] = client.makefile().readline()
            client.close()

        caller = threading.Thread(target=call)
        caller.start()
        item = page.locator("#running-list li", has_text="Long Wait")
        item.wait_for(timeout=10000)
        listed = item.inner_text()
        page.get_by_role("button", name="Stop Long Wait").click()
        caller.join(timeout=10)
        page.locator("#running").wait_for(state="hidden", timeout=10000)
        return {"listed": listed, "answer": json.loads(answer.get("line") or "{}")}

    @step("history")
    def history():
        # Every run so far is in the history; the failed one opens on its failing step.
        page.get_by_role("button", name="History", exact=True).click()
        page.locator("#history-runs tr").first.wait_for()
        rows = page.locator("#history-runs tr").all_inner_texts()
        page.get_by_role("checkbox", name="Only failed runs").check()
        # The page's policy forbids evaluated scripts, so wait by looking: the other runs go.
        page.locator("#history-runs tr:not(.status-failed)").first.wait_for(state="detached")
        failed_rows = page.locator("#history-runs tr").all_inner_texts()
        page.locator("#history-runs tr", has_text="Script").first.click()
        page.locator("#history-run:not([hidden])").wait_for()
        found = {"rows": rows, "failedRows": failed_rows,
                 "runError": page.locator("#history-run-error").inner_text(),
                 "steps": page.locator("#history-steps tr").all_inner_texts(),
                 "failedSteps": page.locator("#history-steps tr.failed-step").count(),
                 "profile": page.locator("#history-profile tr").all_inner_texts()}
        page.screenshot(path=f"{shots}/history.png", full_page=True)
        page.get_by_role("button", name="Library", exact=True).click()
        return found

    @step("tileActions")
    def tile_actions():
        answer = lambda dialog: dialog.accept()
        page.on("dialog", answer)
        if page.locator("#view-editor").is_visible():
            page.locator("#editor-back").click()
        page.locator(".tile").first.wait_for()
        page.get_by_role("combobox", name="More for Order").select_option("duplicate")
        page.get_by_role("button", name="Open Order 2", exact=True).wait_for()
        page.get_by_role("combobox", name="More for Order 2").select_option("rename")
        page.locator("#name-input").fill("Order Copy")
        page.locator("#name-ok").click()
        page.get_by_role("button", name="Open Order Copy", exact=True).wait_for()
        renamed = page.locator(".tile .name").all_inner_texts()
        page.get_by_role("combobox", name="More for Order Copy").select_option("delete")
        page.get_by_role("button", name="Open Order Copy", exact=True).wait_for(state="detached")
        page.remove_listener("dialog", answer)
        return {"afterRename": renamed, "afterDelete": page.locator(".tile .name").all_inner_texts(),
                "message": page.locator("#library-message").inner_text()}

    @step("keyboard")
    def keyboard():
        open_editor(page, "Hello")
        page.locator("#editor-back").focus()
        reached = []
        for _ in range(60):
            page.keyboard.press("Tab")
            reached.append(page.evaluate("""() => { const e = document.activeElement;
                return (e.getAttribute('aria-label') || e.textContent || e.id || e.tagName).trim().slice(0, 40); }"""))
        # Add an action from the keyboard alone.
        page.get_by_placeholder("Search for apps and actions").focus()
        page.keyboard.type("comment")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        added = page.evaluate(SUMMARIES)
        snapshot = page.locator("body").aria_snapshot()
        return {"reached": reached, "afterKeyboardAdd": added, "aria": snapshot}

    @step("modelsAndDescribe")
    def models_and_describe():
        # A chat-completions server of the test's own: it writes one shortcut, whatever is asked.
        asked = []

        class Model(http.server.BaseHTTPRequestHandler):
            def answer(self, body):
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                self.answer({"object": "list", "data": [{"id": "fake-model"}]})

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                asked.append(body)
                if "response_format" in body:
                    # Describe: the shortcut, whole.
                    shortcut = {"name": "Model Greeting", "lines": ['UseModel "Say hello"']}
                    self.answer({"choices": [{"index": 0, "message": {"role": "assistant", "content": json.dumps(shortcut)}}]})
                    return
                # Use Model: the answer streams, a word at a time.
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for piece in ["Hello ", "from ", "the ", "model"]:
                    chunk = {"choices": [{"index": 0, "delta": {"content": piece}}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.flush()
                    time.sleep(0.2)
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
                self.close_connection = True

            def log_message(self, *args):
                pass

        model = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Model)
        threading.Thread(target=model.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{model.server_address[1]}/v1"
        found = {"base": base}
        if page.locator("#view-editor").is_visible():
            page.locator("#editor-back").click()
        page.get_by_role("button", name="Settings", exact=True).click()
        page.get_by_role("button", name="Add Model", exact=True).click()
        row = page.locator("#models-list > li").last
        row.get_by_label("Name").fill("fake")
        row.get_by_label("URL").fill("ftp://nowhere")
        page.get_by_role("button", name="Save Models", exact=True).click()
        page.locator("#models-message.error").wait_for()
        found["refused"] = page.locator("#models-message").inner_text()
        row.get_by_label("URL").fill(base)
        row.get_by_label("On-Device").check()
        page.get_by_role("button", name="Save Models", exact=True).click()
        page.locator("#models-message:not(.error)").filter(has_text="Saved").wait_for()
        found["saved"] = page.locator("#models-message").inner_text()
        found["help"] = page.locator("#models-help").inner_text()
        page.get_by_role("button", name="Library", exact=True).click()
        page.get_by_role("textbox", name="Describe a shortcut").fill("show a greeting")
        page.get_by_role("button", name="Write", exact=True).click()
        page.locator("#describe-result:not([hidden])").wait_for()
        found["text"] = page.locator("#describe-text").inner_text()
        found["name"] = page.locator("#describe-name").input_value()
        page.get_by_role("button", name="Save to Library", exact=True).click()
        page.locator(".tile .name", has_text="Model Greeting").wait_for()
        found["tiles"] = page.locator(".tile .name").all_inner_texts()
        found["message"] = page.locator("#library-message").inner_text()
        found["offered"] = asked[0]["messages"][1]["content"] if asked else None
        # Run it: Use Model's answer shows in the run panel as it streams.
        open_editor(page, "Model Greeting")
        page.get_by_role("button", name="▶ Run").click()
        page.locator("#run-answer:not([hidden])").wait_for()
        found["firstSeen"] = page.locator("#run-answer").inner_text()
        page.locator("#run-panel[data-status]").wait_for()
        found["runStatus"] = page.locator("#run-panel").get_attribute("data-status")
        found["answer"] = page.locator("#run-answer").inner_text()
        found["pieces"] = page.locator("#run-answer").get_attribute("data-pieces")
        found["output"] = page.locator("#run-output").inner_text()
        found["requests"] = len(asked)
        page.locator("#editor-back").click()
        model.shutdown()
        return found

    results["messages"] = messages
    results["foreignRequests"] = foreign_requests
    browser.close()

print(json.dumps(results))
