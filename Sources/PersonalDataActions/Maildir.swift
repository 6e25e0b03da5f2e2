import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The person's mail as a Maildir, the folder of one file a message that mbsync, offlineimap,
/// getmail, mutt and notmuch keep in step with an IMAP account: the Inbox is the folder itself,
/// another mailbox `.Name` inside it (Maildir++) or `Name` (one folder a mailbox), whichever is
/// there. A message's flags are the letters after `:2,` in its file name (`S` seen, `F`
/// flagged, `D` draft, `R` replied, `P` passed, `T` trashed); changing them renames the file,
/// moving it renames it into another mailbox's `cur`, so neither ever rewrites a message.
struct Maildir {
    let root: String

    /// The Maildir: `shortcuts settings --service maildir=PATH`, else `$MAILDIR`, else `~/Maildir`.
    init(run: RunContext) {
        let variables = run.environment.variables
        let home = UserFolders.homeFolder(in: variables)
        var chosen = run.environment.services["maildir"] ?? ""
        if chosen.isEmpty { chosen = variables["MAILDIR"] ?? "" }
        if chosen.isEmpty { chosen = home + "/Maildir" }
        if chosen.hasPrefix("~/") { chosen = home + chosen.dropFirst() }
        root = chosen
    }

    static let inbox = "INBOX"

    /// One message: its mailbox, its file, and its name less the flags (which stays as flags change).
    struct Message {
        var mailbox: String
        var path: String
        var unique: String
        var flags: Set<Character>

        /// Content's identifier for it: `mailbox/unique`.
        var identifier: String { mailbox + "/" + unique }
    }

    /// A mailbox's folder, whether or not it exists yet.
    func folder(of mailbox: String) -> String {
        if mailbox.caseInsensitiveCompare(Self.inbox) == .orderedSame { return root }
        let verbatim = root + "/" + mailbox
        if FileManager.default.fileExists(atPath: verbatim + "/cur") { return verbatim }
        return root + "/." + mailbox
    }

    /// The mailboxes there are: the Inbox, then the others by name.
    func mailboxes() -> [String] {
        var found: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where !["cur", "new", "tmp"].contains(name) {
            guard FileManager.default.fileExists(atPath: root + "/" + name + "/cur") else { continue }
            found.append(name.hasPrefix(".") ? String(name.dropFirst()) : name)
        }
        return [Self.inbox] + found.sorted()
    }

    static func parse(_ name: String, mailbox: String, path: String) -> Message {
        if let separator = name.range(of: ":2,") {
            return Message(
                mailbox: mailbox, path: path, unique: String(name[..<separator.lowerBound]), flags: Set(name[separator.upperBound...]))
        }
        return Message(mailbox: mailbox, path: path, unique: name, flags: [])
    }

    /// A mailbox's messages, those in `new` (not yet seen by any reader) with them.
    func messages(in mailbox: String) -> [Message] {
        let folder = folder(of: mailbox)
        var found: [Message] = []
        for part in ["cur", "new"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + part)) ?? [] where !name.hasPrefix(".") {
                found.append(Self.parse(name, mailbox: mailbox, path: folder + "/" + part + "/" + name))
            }
        }
        return found
    }

    /// The message a content identifier (`mailbox/unique`) names, wherever its flags have put its file.
    func message(_ identifier: String) -> Message? {
        guard let slash = identifier.lastIndex(of: "/") else { return nil }
        let mailbox = String(identifier[..<slash])
        let unique = identifier[identifier.index(after: slash)...]
        guard !unique.isEmpty, !unique.contains("/"), !mailbox.contains("..") else { return nil }
        return messages(in: mailbox).first { $0.unique == unique }
    }

    static func name(_ unique: String, flags: Set<Character>) -> String { unique + ":2," + String(flags.sorted()) }

    /// Gives a message these flags (its file renamed into `cur`).
    func setFlags(_ message: Message, _ flags: Set<Character>, parameter: String) throws -> Message {
        let target = folder(of: message.mailbox) + "/cur/" + Self.name(message.unique, flags: flags)
        guard target != message.path else { return message }
        try rename(message.path, to: target, parameter: parameter)
        return Message(mailbox: message.mailbox, path: target, unique: message.unique, flags: flags)
    }

    /// Moves a message into another mailbox (made when there is none), keeping its flags.
    func move(_ message: Message, to mailbox: String, parameter: String) throws -> Message {
        guard message.mailbox != mailbox else { return message }
        try make(mailbox, parameter: parameter)
        let target = folder(of: mailbox) + "/cur/" + Self.name(message.unique, flags: message.flags)
        try rename(message.path, to: target, parameter: parameter)
        return Message(mailbox: mailbox, path: target, unique: message.unique, flags: message.flags)
    }

    /// Writes a new message into a mailbox: into `tmp` first, then renamed into `cur`, as the
    /// Maildir way has it, so no reader sees half a message.
    func deliver(_ data: Data, to mailbox: String, flags: Set<Character>, parameter: String) throws -> Message {
        try make(mailbox, parameter: parameter)
        let folder = folder(of: mailbox)
        let unique = Self.uniqueName()
        let temporary = folder + "/tmp/" + unique
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw ActionFailure("can't write into \(folder): \(LocalFiles.describe(error))", parameter: parameter, underlying: error)
        }
        let target = folder + "/cur/" + Self.name(unique, flags: flags)
        try rename(temporary, to: target, parameter: parameter)
        return Message(mailbox: mailbox, path: target, unique: unique, flags: flags)
    }

    /// Makes a mailbox's `cur`, `new` and `tmp`.
    func make(_ mailbox: String, parameter: String) throws {
        let folder = folder(of: mailbox)
        do {
            for part in ["cur", "new", "tmp"] {
                try FileManager.default.createDirectory(atPath: folder + "/" + part, withIntermediateDirectories: true)
            }
        } catch {
            throw ActionFailure("can't make the mailbox \(folder): \(LocalFiles.describe(error))", parameter: parameter, underlying: error)
        }
    }

    func rename(_ path: String, to target: String, parameter: String) throws {
        guard Glibc.rename(path, target) == 0 else {
            throw ActionFailure("can't move \(path) to \(target): \(String(cString: strerror(errno)))", parameter: parameter)
        }
    }

    private static let counter = Atomic<Int>(0)

    /// A name no other delivery gets: the time, the process, a count, the host.
    static func uniqueName() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).replacingOccurrences(
            of: "/", with: "\\057"
        ).replacingOccurrences(of: ":", with: "\\072")
        return "\(now.tv_sec).M\(now.tv_nsec / 1000)P\(getpid())Q\(counter.add(1, ordering: .relaxed).newValue).\(hostName)"
    }
}
