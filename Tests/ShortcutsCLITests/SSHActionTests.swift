import Foundation
import ShortcutsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Run Script Over SSH through the built `shortcuts` against a real OpenSSH server started here
/// on a free local port, with a host key and Shortcuts' own client key made by `ssh-keygen`.
@Suite(.serialized) struct SSHActionTests {
    let runner: CommandRunner
    let folder: String
    let port: Int
    let user: String
    let server: Server

    init() throws {
        let runner = try CommandRunner()
        self.runner = runner
        folder = runner.directory.path + "/sshd"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let keys = runner.home + "/ssh"
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        for key in [folder + "/host_key", folder + "/other_host_key", keys + "/id_ed25519"] {
            let made = try ProcessRun.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
            #expect(made.status == 0, "\(made.error)")
        }
        try FileManager.default.copyItem(atPath: keys + "/id_ed25519.pub", toPath: folder + "/authorized_keys")
        port = try Self.freePort()
        user = String(cString: getpwuid(getuid()).pointee.pw_name)
        server = try Self.startServer(folder: folder, port: port, hostKey: "host_key")
        runner.extraEnvironment["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = "1"
    }

    /// A port nothing listens on now: one the kernel gives a socket bound to port 0.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on the port.
    static func listens(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// sshd in the foreground, on 127.0.0.1 alone, keys only; waits until it accepts connections.
    static func startServer(folder: String, port: Int, hostKey: String) throws -> Server {
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder)/\(hostKey)
            AuthorizedKeysFile \(folder)/authorized_keys
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            StrictModes no
            PermitRootLogin prohibit-password
            PidFile \(folder)/sshd-\(hostKey).pid
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/sshd_config"))
        // As root, sshd wants its privilege separation folder.
        if getuid() == 0 { try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true) }
        let server = try Server(["/usr/sbin/sshd", "-D", "-f", folder + "/sshd_config"])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if listens(port) { return server }
            usleep(100_000)
        }
        server.terminate()
        throw CommandFailureForTest("sshd didn't listen on \(port)")
    }

    /// sshd, started with posix_spawn rather than Foundation's Process: with sshd as its child,
    /// Foundation no longer noticed its other children end (seen on Swift 6.3), and the commands
    /// the tests ran waited for good.
    final class Server {
        let pid: pid_t

        init(_ arguments: [String]) throws {
            var pid: pid_t = 0
            let argv = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor: Int32 in [0, 1, 2] {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
                throw CommandFailureForTest("can't start \(arguments[0])")
            }
            self.pid = pid
        }

        private var ended = false

        /// Stops it and waits for it.
        func terminate() {
            guard !ended else { return }
            ended = true
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }

        deinit { terminate() }
    }

    struct CommandFailureForTest: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    func run(_ script: String, port: Int? = nil, input: String? = nil) throws -> CommandResult {
        let line =
            "RunScriptOverSSH ShortcutInput, script: \"\(script)\", host: \"127.0.0.1\", port: \"\(port ?? self.port)\", user: \"\(user)\", authentication: \"SSH Key\""
        let file = try runner.write(Data("\(line)\n".utf8), to: "ssh-\(UUID().uuidString).sct")
        return try runner.run(["run", file], input: input.map { Data($0.utf8) })
    }

    @Test func theScriptRunsThereWithTheInputAndItsOutputComesBack() throws {
        defer { server.terminate() }
        let result = try run("echo ran-as-$(id -un); tr a-z A-Z", input: "from the input")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "ran-as-\(user)\nFROM THE INPUT\n", "\(result.output)")
        let known = try String(contentsOfFile: runner.home + "/ssh/known_hosts", encoding: .utf8)
        let hostKey = try String(contentsOfFile: folder + "/host_key.pub", encoding: .utf8).split(separator: " ")[1]
        #expect(known.contains(hostKey), "the host is remembered in Shortcuts' own known hosts: \(known)")

        let failed = try run("echo partial; echo broken >&2; exit 3")
        #expect(
            failed.status == 1 && failed.error.contains("exited with status 3: broken") && failed.error.contains("WFSSHScript"),
            "\(failed.error)")
    }

    @Test func aHostWhoseKeyChangedIsRefused() throws {
        #expect(try run("true").status == 0, "first contact is trusted")
        server.terminate()
        let impostor = try Self.startServer(folder: folder, port: port, hostKey: "other_host_key")
        defer { impostor.terminate() }
        let result = try run("echo should not run")
        #expect(result.status == 1 && !result.output.contains("should not run"))
        #expect(
            result.error.contains("ssh couldn't run the script on 127.0.0.1:\(port)") && result.error.contains("WFSSHHost"),
            "\(result.error)")
        #expect(
            result.error.contains("Host key verification failed") || result.error.contains("HOST IDENTIFICATION HAS CHANGED"),
            "\(result.error)")
    }

    @Test func withoutScriptsAllowedOrAServerItSaysWhy() throws {
        defer { server.terminate() }
        let closed = try Self.freePort()
        let nobody = try run("true", port: closed)
        #expect(nobody.status == 1 && nobody.error.contains("ssh couldn't run the script on 127.0.0.1:\(closed)"), "\(nobody.error)")
        let badHost = try runner.write(Data("RunScriptOverSSH script: \"true\", host: \"-oProxyCommand=x\"\n".utf8), to: "bad.sct")
        let refused = try runner.run(["run", badHost])
        #expect(
            refused.status == 1 && refused.error.contains("is not a host name") && refused.error.contains("WFSSHHost"), "\(refused.error)")
        runner.extraEnvironment["SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] = nil
        let off = try run("true")
        #expect(off.status != 0 && off.error.contains("Running scripts is off"), "\(off.error)")
    }
}
