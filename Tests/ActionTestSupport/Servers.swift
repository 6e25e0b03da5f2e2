import BuiltinActions
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsPlatform
import Synchronization
import Testing

/// Starts Python servers that print the port they listen on once they listen.
public enum PythonServer {
    /// Runs `script` with `arguments` in `process` and returns the port it printed.
    public static func start(_ process: Process, script: String, arguments: [String]) throws -> Int {
        process.executableURL = URL(fileURLWithPath: ProcessRunner.find("python3") ?? "/usr/bin/python3")
        process.arguments = [script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The server prints its port once it listens; a line read means it answers.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw ActionFailure("the test server \(URL(fileURLWithPath: script).lastPathComponent) did not start")
        }
        return port
    }
}

/// A real HTTP server on 127.0.0.1: Python's http.server serving a temporary directory, with
/// POST, PUT and PATCH echoing what they received as JSON, `/redirect?to=URL` answering 302, and
/// every request written to `requests.log` (method, path with query, body) for tests to read.
public final class LocalHTTPServer {
    public let directory: TemporaryDirectory
    public let process = Process()
    public let port: Int

    static let script = """
        import http.server, json, os, sys
        log_path = os.path.join(os.path.dirname(sys.argv[1]), "requests.log")
        def log(method, path, body=""):
            with open(log_path, "a") as f:
                f.write(json.dumps({"method": method, "path": path, "body": body}) + "\\n")
        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                log("GET", self.path)
                if self.path.startswith("/redirect?to="):
                    self.send_response(302)
                    self.send_header("Location", self.path[len("/redirect?to="):])
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                # A query picks a file named after the path and its query, else the path's file.
                if "?" in self.path:
                    named = self.path.replace("?", "_").replace("&", "_").replace("=", "-").replace("/", "", 1)
                    if os.path.exists(named):
                        self.path = "/" + named
                    else:
                        self.path = self.path.split("?")[0]
                super().do_GET()
            def do_HEAD(self):
                log("HEAD", self.path)
                if self.path.startswith("/redirect?to="):
                    self.send_response(302)
                    self.send_header("Location", self.path[len("/redirect?to="):])
                    self.end_headers()
                    return
                super().do_HEAD()
            def echo(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
                log(self.command, self.path, body)
                reply = json.dumps({"method": self.command, "path": self.path, "body": body,
                                    "contentType": self.headers.get("Content-Type"),
                                    "token": self.headers.get("X-Token")}).encode()
                self.send_response(201)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)
            do_POST = do_PUT = do_PATCH = do_DELETE = echo
            def log_message(self, *args):
                pass
        os.chdir(sys.argv[1])
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    public init() throws {
        directory = try TemporaryDirectory()
        let script = try directory.write(Self.script, to: "server.py")
        try FileManager.default.createDirectory(atPath: directory.path + "/site", withIntermediateDirectories: true)
        port = try PythonServer.start(process, script: script, arguments: [directory.path + "/site"])
    }

    deinit {
        // SIGKILL: the runner's threads may leave SIGTERM ignored in children, and the server must go.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Puts a file in the served directory.
    public func serve(_ text: String, at name: String) throws { try directory.write(text, to: "site/" + name) }

    /// The requests the server received so far: method, path with query, body.
    public func requests() -> [(method: String, path: String, body: String)] {
        (directory.read("requests.log") ?? "").split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String] else { return nil }
            return (object["method"] ?? "", object["path"] ?? "", object["body"] ?? "")
        }
    }
}

/// An SMTP server answering EHLO, MAIL, RCPT, DATA, QUIT; each message as JSON in a file.
public final class SMTPServer {
    public let directory: TemporaryDirectory
    public let process = Process()
    public let port: Int

    static let script = """
        import json, socketserver, sys
        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                mail = {"from": None, "to": [], "data": ""}
                self.wfile.write(b"220 test ESMTP\\r\\n")
                while True:
                    line = self.rfile.readline().decode()
                    if not line: return
                    command = line.strip().upper()
                    if command.startswith("EHLO") or command.startswith("HELO"):
                        self.wfile.write(b"250-test\\r\\n250 8BITMIME\\r\\n")
                    elif command.startswith("MAIL FROM:"):
                        mail["from"] = line.strip()[10:]; self.wfile.write(b"250 OK\\r\\n")
                    elif command.startswith("RCPT TO:"):
                        mail["to"].append(line.strip()[8:]); self.wfile.write(b"250 OK\\r\\n")
                    elif command == "DATA":
                        self.wfile.write(b"354 go on\\r\\n")
                        data = []
                        while True:
                            part = self.rfile.readline().decode()
                            if part in (".\\r\\n", ""): break
                            data.append(part)
                        mail["data"] = "".join(data)
                        with open(sys.argv[1], "a") as f: f.write(json.dumps(mail) + "\\n")
                        self.wfile.write(b"250 queued\\r\\n")
                    elif command == "QUIT":
                        self.wfile.write(b"221 bye\\r\\n"); return
                    else:
                        self.wfile.write(b"250 OK\\r\\n")
        server = socketserver.TCPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    public init() throws {
        directory = try TemporaryDirectory()
        let script = try directory.write(Self.script, to: "smtp.py")
        port = try PythonServer.start(process, script: script, arguments: [directory.path + "/mail.log"])
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// What it received: each message's sender (`from`), recipients (`to`) and text (`data`).
    public func messages() -> [[String: Any]] {
        (directory.read("mail.log") ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}

/// Collects values from `@Sendable` callbacks.
public final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    public init() {}
    public func append(_ value: Value) { values.withLock { $0.append(value) } }
    public var items: [Value] { values.withLock { $0 } }
}
