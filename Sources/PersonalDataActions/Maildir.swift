import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The person's mail as a Maildir, the folder of one file a message that mbsync, offlineimap,
/// getmail, mutt and notmuch keep in step with an IMAP account. Two layouts are read:
/// Maildir++ (the Inbox is the folder itself, another mailbox `.Name` inside it, as offlineimap
/// and Dovecot write it) and one folder a mailbox (`INBOX`, `Archive`, `Work/Projects`, as mbsync
/// writes it with `SubFolders Verbatim`); a new mailbox is made the way the others are. A
/// message's flags are the letters after `:2,` in its file name (`S` seen, `F` flagged, `D`
/// draft, `R` replied, `P` passed, `T` trashed); changing them renames the file, moving it
/// renames it into another mailbox's `cur` (less mbsync's `,U=` number, which is the old
/// mailbox's), so neither ever rewrites a message, and neither ever replaces another file.
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

    /// The Maildir once the run may read it (or, `writing`, change it), as any folder a shortcut
    /// reaches: with the person's grant (``FileAccess``).
    static func reached(run: RunContext, parameter: String, writing: Bool = true) throws -> Maildir {
        let maildir = Maildir(run: run)
        try LocalFiles.check(maildir.root, writing ? .write : .read, run: run, parameter: parameter)
        return maildir
    }

    static let inbox = "INBOX"
    static let archive = "Archive", drafts = "Drafts", junk = "Junk", sent = "Sent", trash = "Trash"

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// One message: its mailbox, its file, and its name less the flags (which stays as flags change).
    struct Message {
        var mailbox: String
        var path: String
        var unique: String
        var flags: Set<Character>

        /// Content's identifier for it: `mailbox/unique`.
        var identifier: String { mailbox + "/" + unique }
    }

    /// Whether the mailboxes are one folder each (mbsync's way) rather than Maildir++: the root
    /// holds no messages of its own but folders that do.
    var isVerbatim: Bool {
        !Self.isMailbox(root)
            && ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).contains {
                !$0.hasPrefix(".") && Self.isMailbox(root + "/" + $0)
            }
    }

    /// Whether a path is a mailbox folder itself (its `cur` a folder, neither a link).
    static func isMailbox(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        return lstat(path + "/cur", &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// A mailbox name that stays inside the Maildir: no leading dot, no `..`, no empty part, no
    /// control characters.
    static func check(_ mailbox: String, parameter: String) throws {
        let parts = mailbox.split(separator: "/", omittingEmptySubsequences: false)
        guard !mailbox.isEmpty, !mailbox.hasPrefix("."), !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }),
            !mailbox.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { throw ActionFailure("“\(mailbox.prefix(60))” is not a mailbox name", parameter: parameter) }
    }

    /// A mailbox's folder, whether or not it exists yet.
    func folder(of mailbox: String) -> String {
        let verbatim = isVerbatim
        if mailbox.caseInsensitiveCompare(Self.inbox) == .orderedSame { return verbatim ? root + "/INBOX" : root }
        if verbatim || Self.isMailbox(root + "/" + mailbox) { return root + "/" + mailbox }
        return root + "/." + mailbox.replacingOccurrences(of: "/", with: ".")
    }

    /// The mailboxes there are: the Inbox, then the others by name (a verbatim store's nested ones too).
    func mailboxes() -> [String] {
        var found: [String] = []
        func walk(_ relative: String, depth: Int) {
            let folder = relative.isEmpty ? root : root + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !["cur", "new", "tmp"].contains(name) {
                let path = relative.isEmpty ? name : relative + "/" + name
                if Self.isMailbox(root + "/" + path) {
                    let mailbox =
                        name.hasPrefix(".") && relative.isEmpty ? String(name.dropFirst()).replacingOccurrences(of: ".", with: "/") : path
                    if mailbox.caseInsensitiveCompare(Self.inbox) != .orderedSame { found.append(mailbox) }
                }
                if depth < 4, !name.hasPrefix("."), Self.isFolder(root + "/" + path), !Self.isMailbox(root + "/" + path) || isVerbatim {
                    walk(path, depth: depth + 1)
                }
            }
        }
        walk("", depth: 0)
        return [Self.inbox] + Array(Set(found)).sorted()
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
        guard !unique.isEmpty, (try? Self.check(mailbox, parameter: "")) != nil else { return nil }
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

    /// Moves a message into another mailbox (made when there is none), keeping its flags; its
    /// mbsync `,U=` number, the old mailbox's, stays behind.
    func move(_ message: Message, to mailbox: String, flags: Set<Character>? = nil, parameter: String) throws -> Message {
        let flags = flags ?? message.flags
        guard message.mailbox != mailbox else { return try setFlags(message, flags, parameter: parameter) }
        try make(mailbox, parameter: parameter)
        let unique = message.unique.replacingOccurrences(of: #",U=[0-9]+"#, with: "", options: .regularExpression)
        let target = folder(of: mailbox) + "/cur/" + Self.name(unique, flags: flags)
        try rename(message.path, to: target, parameter: parameter)
        return Message(mailbox: mailbox, path: target, unique: unique, flags: flags)
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
        try Self.check(mailbox, parameter: parameter)
        let folder = folder(of: mailbox)
        // A Maildir++ store's Inbox is its root: made with its first mailbox, so the store reads
        // as Maildir++ from then on.
        let folders = isVerbatim ? [folder] : [root, folder]
        do {
            for made in folders {
                for part in ["cur", "new", "tmp"] {
                    try FileManager.default.createDirectory(atPath: made + "/" + part, withIntermediateDirectories: true)
                }
            }
        } catch {
            throw ActionFailure("can't make the mailbox \(folder): \(LocalFiles.describe(error))", parameter: parameter, underlying: error)
        }
    }

    /// Renames a message file, never over another: a second name first (which fails when the
    /// target is taken), then the old one gone.
    func rename(_ path: String, to target: String, parameter: String) throws {
        guard link(path, target) == 0 else {
            let reason = errno == EEXIST ? "a message file of that name is already there" : String(cString: strerror(errno))
            throw ActionFailure("can't move \(path) to \(target): \(reason)", parameter: parameter)
        }
        guard unlink(path) == 0 else {
            throw ActionFailure(
                "moved \(path) to \(target) but can't remove the old name: \(String(cString: strerror(errno)))", parameter: parameter)
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
