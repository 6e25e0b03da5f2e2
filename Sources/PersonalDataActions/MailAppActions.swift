import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Mail app's own actions (`com.apple.mail.*`, macOS 15's keys, and iOS's Find Email) on
/// the person's Maildir (``Maildir``), sending through the SMTP account Send Email uses.
///
/// Mailboxes are the Maildir's: Archive, Trash, Junk, Drafts and Sent by those names. A
/// message as content is a `Mail Message` (a draft a `Draft Message`) whose identifier is its
/// mailbox and its file's name less the flags, so it is found again however its flags change.
/// Compose, Reply and Forward write a draft into Drafts (flag `D`); Send Draft and Send Mail
/// send over SMTP and file what was sent in Sent.
enum MailAppActions {
    static let prefix = "com.apple.mail."
    static let messageType = "Mail Message"
    static let draftType = "Draft Message"

    static var all: [ActionDefinition] {
        [
            findEmail, archive, delete, update, setRead, compose, reply, forward, saveDraft, deleteDraft, sendDraft, sendMail,
            unsubscribe,
        ].inApp("Mail")
    }

    // MARK: Messages as content

    /// The most messages Find Email reads.
    static let scanLimit = 50_000

    static func content(_ message: Maildir.Message) -> Content {
        let data = FileManager.default.contents(atPath: message.path) ?? Data()
        let text = MailMessageText(data)
        let subject = text.header("Subject") ?? ""
        let sender = MailMessageText.addresses(text.rawHeader("From") ?? "").first
        let isDraft = isDraft(message)
        var properties: ContentDictionary = [
            "Subject": .text(subject), "Sender": .text(sender.map { $0.name.isEmpty ? $0.address : $0.name } ?? ""),
            "Sender Address": .text(sender?.address ?? ""),
            "Recipients": .list(MailMessageText.addresses(text.rawHeader("To") ?? "").map { .text($0.address) }),
            "CC": .list(MailMessageText.addresses(text.rawHeader("Cc") ?? "").map { .text($0.address) }),
            "Is Read": .boolean(message.flags.contains("S")), "Is Flagged": .boolean(message.flags.contains("F")),
            "Mailbox": .text(message.mailbox), "Body": .text(text.body), "Message ID": .text(text.rawHeader("Message-ID") ?? ""),
            "Attachments": .list(text.attachmentNames.map(Content.text)), "File Path": .text(message.path),
        ]
        if let date = text.rawHeader("Date").flatMap(FeedReader.parseDate) { properties["Date Sent"] = .date(date) }
        // When it arrived: the delivery time a Maildir name starts with.
        if let seconds = message.unique.split(separator: ".").first.flatMap({ Double($0) }) {
            properties["Date Received"] = .date(Date(timeIntervalSince1970: seconds))
        }
        return .entity(
            EntityContent(
                typeName: isDraft ? draftType : messageType, identifier: message.identifier,
                displayTitle: subject.isEmpty ? "(no subject)" : subject, subtitle: sender?.address ?? "", properties: properties))
    }

    /// A draft: in Drafts, or flagged as one.
    static func isDraft(_ message: Maildir.Message) -> Bool {
        message.mailbox.caseInsensitiveCompare(Maildir.drafts) == .orderedSame || message.flags.contains("D")
    }

    /// The messages content gives (Find Email's, or drafts), each still in the Maildir.
    static func messages(_ given: Content, parameter: String, run: RunContext, drafts: Bool = false) throws -> [Maildir.Message] {
        let maildir = try Maildir.reached(run: run, parameter: parameter)
        let found = try given.items.map { item -> Maildir.Message in
            guard case .entity(let entity) = item, [messageType, draftType].contains(entity.typeName) else {
                throw ActionFailure("expected an email (from Find Email), got \(item.quotedForError)", parameter: parameter)
            }
            guard let message = maildir.message(entity.identifier) else {
                throw ActionFailure(
                    "the email “\(entity.displayTitle.prefix(60))” (\(entity.identifier)) is no longer in \(maildir.root)",
                    parameter: parameter)
            }
            if drafts, !isDraft(message) {
                throw ActionFailure(
                    "“\(entity.displayTitle.prefix(60))” is a message in \(message.mailbox), not a draft", parameter: parameter)
            }
            return message
        }
        guard !found.isEmpty else { throw ActionFailure("no emails were given", parameter: parameter) }
        return found
    }

    static func messagesParameter(_ key: String, title: String = "Messages", type: String = messageType, list: Bool = true)
        -> ParameterMetadata
    {
        ParameterMetadata(key: key, title: title, type: .content, isRequired: true, entityType: type, isList: list)
    }

    // MARK: Find Email

    static let properties = FileFilter.Properties(
        kind: "emails",
        names: [
            "Subject", "Sender", "Sender Address", "Recipients", "Date Received", "Date Sent", "Is Read", "Is Flagged", "Mailbox", "Body",
            "Attachments",
        ],
        value: { name, item in
            let value = item.property(name)
            if case .list(let items) = value { return .text(items.map(\.text).joined(separator: ", ")) }
            return value
        })

    static let findEmail = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "com.apple.mobilemail.MailMessageEntity", title: "Find Email",
            description:
                "Finds the messages of your Maildir (every mailbox) matching the conditions on Subject, Sender, Recipients, Date Received, Is Read, Is Flagged, Mailbox, Body…, sorted and limited.",
            parameters: FileFilter.parameters(
                input: nil, sortBy: ["Date Received", "Date Sent", "Subject", "Sender", "Mailbox", "Random"]),
            outputType: messageType, outputName: "Emails", keywords: ["mail", "inbox", "search", "message"]),
        properties: properties,
        source: { run in
            let maildir = try Maildir.reached(run: run, parameter: "WFContentItemFilter", writing: false)
            var found: [Content] = []
            for mailbox in maildir.mailboxes() {
                for message in maildir.messages(in: mailbox) {
                    guard found.count < scanLimit else {
                        throw ActionFailure("\(maildir.root) holds more than \(scanLimit) messages; this reads that many")
                    }
                    if found.count % 500 == 499 { try run.checkCancelled() }
                    found.append(content(message))
                }
            }
            return .list(found)
        })

    // MARK: Filing and flags

    static func fileAway(_ key: String, to mailbox: String, drafts: Bool = false) -> @Sendable (CompiledParameters) throws -> ActionBody {
        { parameters in
            { input, run in
                let maildir = try Maildir.reached(run: run, parameter: key)
                let moved = try messages(try run.content(parameters, key, orInput: input), parameter: key, run: run, drafts: drafts).map {
                    content(try maildir.move($0, to: mailbox, parameter: key))
                }
                return Content(items: moved)
            }
        }
    }

    static let archive = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ArchiveMessageIntent", title: "Archive Message",
            description: "Moves messages to the Archive mailbox.",
            parameters: [
                messagesParameter("entities"),
                ParameterMetadata(key: "ShowWhenRun", title: "Show When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "entities", outputType: messageType, outputName: "Messages", isReadOnly: false, keywords: ["file"]),
        prepare: fileAway("entities", to: Maildir.archive))

    static let delete = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "DeleteMessageIntent", title: "Delete Message",
            description: "Moves messages to the Trash mailbox, from where they can be taken back.",
            parameters: [messagesParameter("entities")], inputParameter: "entities", outputType: messageType, outputName: "Messages",
            isReadOnly: false, keywords: ["trash", "remove"]),
        prepare: fileAway("entities", to: Maildir.trash))

    static let deleteDraft = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "DeleteDraftIntent", title: "Delete Draft",
            description: "Moves drafts to the Trash mailbox.",
            parameters: [messagesParameter("entities", title: "Draft", type: draftType)], inputParameter: "entities",
            outputType: draftType, outputName: "Drafts", isReadOnly: false, keywords: ["trash", "remove"]),
        prepare: fileAway("entities", to: Maildir.trash, drafts: true))

    /// A flag set or cleared.
    static func flagged(_ flags: Set<Character>, _ flag: Character, _ on: Bool) -> Set<Character> {
        on ? flags.union([flag]) : flags.subtracting([flag])
    }

    static let update = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "UpdateMessageIntent", title: "Update Message",
            description:
                "Marks messages read or unread, flagged or not, junk (moved to Junk) or not junk (back to the Inbox), and moves them to a mailbox; what isn't given stays.",
            parameters: [
                ParameterMetadata(key: "isFlagged", title: "Flagged", type: .boolean), messagesParameter("target", title: "Message"),
                ParameterMetadata(key: "isRead", title: "Read", type: .boolean),
                ParameterMetadata(key: "isJunk", title: "Junk", type: .boolean),
                ParameterMetadata(key: "mailbox", title: "Mailbox", type: .text),
            ],
            inputParameter: "target", outputType: messageType, outputName: "Messages", isReadOnly: false,
            keywords: ["flag", "read", "junk", "move"])
    ) { parameters in
        { input, run in
            let maildir = try Maildir.reached(run: run, parameter: "target")
            let (flag, read, junk) = (
                try run.bool(parameters["isFlagged"]), try run.bool(parameters["isRead"]), try run.bool(parameters["isJunk"])
            )
            let mailbox = try run.text(parameters["mailbox"])?.trimmingCharacters(in: .whitespaces)
            if let mailbox, !mailbox.isEmpty { try Maildir.check(mailbox, parameter: "mailbox") }
            let updated = try messages(try run.content(parameters, "target", orInput: input), parameter: "target", run: run).map {
                message in
                var flags = message.flags
                if let flag { flags = flagged(flags, "F", flag) }
                if let read { flags = flagged(flags, "S", read) }
                var changed = try maildir.setFlags(message, flags, parameter: "target")
                if junk == true { changed = try maildir.move(changed, to: Maildir.junk, parameter: "isJunk") }
                if junk == false, changed.mailbox == Maildir.junk {
                    changed = try maildir.move(changed, to: Maildir.inbox, parameter: "isJunk")
                }
                if let mailbox, !mailbox.isEmpty { changed = try maildir.move(changed, to: mailbox, parameter: "mailbox") }
                return content(changed)
            }
            return Content(items: updated)
        }
    }

    static let setRead = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "SetMailMessageIsRead", title: "Set Mail Message Is Read",
            description: "Marks a message read or unread.",
            parameters: [
                messagesParameter("message", title: "Message", list: false),
                ParameterMetadata(key: "read", title: "Read", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "message", outputType: messageType, outputName: "Message", isReadOnly: false, keywords: ["unread", "seen"])
    ) { parameters in
        { input, run in
            let maildir = try Maildir.reached(run: run, parameter: "message")
            let read = try run.bool(parameters["read"]) ?? true
            let done = try messages(try run.content(parameters, "message", orInput: input), parameter: "message", run: run).map {
                content(try maildir.setFlags($0, flagged($0.flags, "S", read), parameter: "message"))
            }
            return Content(items: done)
        }
    }

    // MARK: Drafts

    /// Compose's, Reply's and Forward's parameters, Apple's keys.
    static func draftParameters(_ first: [ParameterMetadata]) -> [ParameterMetadata] {
        first + [
            ParameterMetadata(key: "to", title: "Recipient", type: .text, isList: true),
            ParameterMetadata(key: "cc", title: "Cc", type: .text, isList: true),
            ParameterMetadata(key: "bcc", title: "Bcc", type: .text, isList: true),
            ParameterMetadata(key: "subject", title: "Subject", type: .text), ParameterMetadata(key: "body", title: "Body", type: .text),
            ParameterMetadata(key: "account", title: "From", type: .text),
            ParameterMetadata(key: "attachments", title: "Attachments", type: .file, isList: true),
        ]
    }

    /// A message from the parameters Compose, Reply, Forward and Send Mail share.
    static func message(_ parameters: CompiledParameters, run: RunContext) throws -> MailActions.Message {
        var attachments: [FileContent] = []
        for item in try run.content(parameters["attachments"]).items {
            guard case .file(let file) = try run.convert(item, to: .file, parameter: "attachments").items.first ?? .nothing else {
                throw ActionFailure("expected a file to attach, got \(item.quotedForError)", parameter: "attachments")
            }
            attachments.append(file)
        }
        let account = try run.text(parameters["account"])?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !account.contains(where: \.isNewline) else {
            throw ActionFailure("an account is one line: a name and an address", parameter: "account")
        }
        return MailActions.Message(
            from: account.isEmpty ? run.environment.services["smtp-from"] ?? "" : account,
            to: try MailActions.addresses(try run.content(parameters["to"]), parameter: "to", run: run),
            cc: try MailActions.addresses(try run.content(parameters["cc"]), parameter: "cc", run: run),
            bcc: try MailActions.addresses(try run.content(parameters["bcc"]), parameter: "bcc", run: run),
            subject: try run.text(parameters["subject"]) ?? "", body: try run.text(parameters["body"]) ?? "", attachments: attachments,
            date: run.environment.now())
    }

    /// Writes a draft into Drafts and gives it as content.
    static func saveAsDraft(_ message: MailActions.Message, run: RunContext, parameter: String) throws -> Content {
        let draft = try Maildir.reached(run: run, parameter: parameter).deliver(
            message.rendered(includingBcc: true), to: Maildir.drafts, flags: ["D", "S"], parameter: parameter)
        return content(draft)
    }

    static let compose = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ComposeMessageIntent", title: "Compose Message",
            description: "Writes a new message as a draft in the Drafts mailbox; Send Draft sends it.",
            parameters: draftParameters([]), outputType: draftType, outputName: "Draft", isReadOnly: false,
            keywords: ["new email", "write"])
    ) { parameters in
        { _, run in try saveAsDraft(try message(parameters, run: run), run: run, parameter: "to") }
    }

    /// The message a Reply or Forward answers, read whole.
    static func original(_ parameters: CompiledParameters, _ input: Content, run: RunContext) throws -> (Maildir.Message, MailMessageText) {
        let found = try messages(try run.content(parameters, "target", orInput: input), parameter: "target", run: run)
        guard found.count == 1, let original = found.first else {
            throw ActionFailure("give one message, not \(found.count)", parameter: "target")
        }
        guard let data = FileManager.default.contents(atPath: original.path) else {
            throw ActionFailure("can't read \(original.path)", parameter: "target")
        }
        return (original, MailMessageText(data))
    }

    /// The original's text as a reply or forward quotes it.
    static func quoted(_ text: MailMessageText, forwarding: Bool) -> String {
        let sender = text.header("From") ?? ""
        let date = text.rawHeader("Date") ?? ""
        if forwarding {
            return [
                "", "Begin forwarded message:", "", "From: \(sender)", "Subject: \(text.header("Subject") ?? "")", "Date: \(date)",
                "To: \(text.header("To") ?? "")", "", text.body,
            ].joined(separator: "\n")
        }
        return "\n\nOn \(date), \(sender) wrote:\n"
            + text.body.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }
            .joined(separator: "\n")
    }

    /// `Re: ` or `Fwd: ` before a subject that doesn't start with it already.
    static func prefixed(_ subject: String, _ prefix: String) -> String {
        subject.lowercased().hasPrefix(prefix.lowercased()) ? subject : prefix + subject
    }

    static let reply = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ReplyMessageIntent", title: "Reply Message",
            description:
                "Writes a reply to a message as a draft: to its sender (with Reply All, its other recipients too, less you), Re: its subject, quoting it, threaded by In-Reply-To and References.",
            parameters: draftParameters([
                messagesParameter("target", title: "Message", list: false),
                ParameterMetadata(key: "isReplyAll", title: "Reply All", type: .boolean, defaultValue: "false"),
            ]),
            inputParameter: "target", outputType: draftType, outputName: "Draft", isReadOnly: false, keywords: ["answer", "respond"])
    ) { parameters in
        { input, run in
            let (_, original) = try original(parameters, input, run: run)
            var draft = try message(parameters, run: run)
            let me = Set(MailMessageText.addresses(draft.from).map { $0.address.lowercased() })
            let replyTo = MailMessageText.addresses(original.rawHeader("Reply-To") ?? original.rawHeader("From") ?? "").map(\.address)
            if draft.to.isEmpty { draft.to = replyTo }
            if try run.bool(parameters["isReplyAll"]) == true {
                let others = MailMessageText.addresses((original.rawHeader("To") ?? "") + "," + (original.rawHeader("Cc") ?? "")).map(
                    \.address)
                draft.cc += others.filter { !me.contains($0.lowercased()) && !draft.to.contains($0) && !draft.cc.contains($0) }
            }
            if draft.subject.isEmpty { draft.subject = prefixed(original.header("Subject") ?? "", "Re: ") }
            draft.body += quoted(original, forwarding: false)
            if let id = original.rawHeader("Message-ID") {
                draft.extraHeaders = [
                    ("In-Reply-To", id),
                    ("References", ((original.rawHeader("References") ?? "") + " " + id).trimmingCharacters(in: .whitespaces)),
                ]
            }
            return try saveAsDraft(draft, run: run, parameter: "target")
        }
    }

    static let forward = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ForwardMessageIntent", title: "Forward Message",
            description: "Writes a message forwarding another as a draft: Fwd: its subject, its text below yours.",
            parameters: draftParameters([messagesParameter("target", title: "Message", list: false)]),
            inputParameter: "target", outputType: draftType, outputName: "Draft", isReadOnly: false, keywords: ["pass on", "share"])
    ) { parameters in
        { input, run in
            let (_, original) = try original(parameters, input, run: run)
            var draft = try message(parameters, run: run)
            if draft.subject.isEmpty { draft.subject = prefixed(original.header("Subject") ?? "", "Fwd: ") }
            draft.body += quoted(original, forwarding: true)
            return try saveAsDraft(draft, run: run, parameter: "target")
        }
    }

    static let saveDraft = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "SaveDraftIntent", title: "Save Draft",
            description: "Keeps a draft in the Drafts mailbox (a draft written here already is); the output is the draft.",
            parameters: [messagesParameter("target", title: "Draft", type: draftType, list: false)], inputParameter: "target",
            outputType: draftType, outputName: "Draft", isReadOnly: false, keywords: ["keep"])
    ) { parameters in
        { input, run in
            let maildir = try Maildir.reached(run: run, parameter: "target")
            let saved = try messages(try run.content(parameters, "target", orInput: input), parameter: "target", run: run, drafts: true).map
            {
                draft in
                content(try maildir.move(draft, to: Maildir.drafts, flags: draft.flags.union(["D"]), parameter: "target"))
            }
            return Content(items: saved)
        }
    }

    // MARK: Sending

    /// The SMTP account, or an error naming the setting to make.
    static func server(run: RunContext, parameter: String) throws -> String {
        guard let server = run.environment.services["smtp"], !server.isEmpty else {
            throw ActionFailure(
                "no mail account is set; set one with shortcuts settings --service smtp=smtps://host:465 (and smtp-user, smtp-password, smtp-from)",
                parameter: parameter)
        }
        return server
    }

    /// Sends a rendered message over SMTP; then `file` puts it in Sent. A failure to file says
    /// the mail went, so no one sends it again for it.
    static func send(_ data: Data, to recipients: [String], from: String, run: RunContext, parameter: String, file: () throws -> Void)
        throws
    {
        let server = try server(run: run, parameter: parameter)
        guard !recipients.isEmpty else { throw ActionFailure("the message has no recipient", parameter: parameter) }
        guard let sender = TextScanner.emailAddresses(in: from).first else {
            throw ActionFailure("no sender is given; set one with shortcuts settings --service smtp-from=ADDRESS", parameter: parameter)
        }
        try MailActions.send(
            crlf(data), to: recipients, sender: sender, server: server, services: run.environment.services, parameter: parameter)
        do {
            try file()
        } catch {
            throw ActionFailure(
                "the mail was sent, but filing it in Sent failed: \((error as? ActionFailure)?.message ?? "\(error)")",
                parameter: parameter, underlying: error)
        }
    }

    /// A message with every line ending in CR LF, as SMTP wants it (a draft other programs wrote may end lines in LF).
    static func crlf(_ data: Data) -> Data {
        var out = Data(capacity: data.count + data.count / 40)
        var previous: UInt8 = 0
        for byte in data {
            if byte == 0x0A, previous != 0x0D { out.append(0x0D) }
            out.append(byte)
            previous = byte
        }
        return out
    }

    static let sendDraft = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "SendDraftIntent", title: "Send Draft",
            description:
                "Sends a draft over SMTP (its Bcc recipients get it without the others seeing them) and files it in Sent. Sending later isn't here: a date to come is refused.",
            parameters: [
                ParameterMetadata(key: "sendLaterDate", title: "Schedule for Date", type: .date),
                messagesParameter("target", title: "Draft", type: draftType, list: false),
                ParameterMetadata(key: "ShowWhenRun", title: "Show When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "target", isReadOnly: false, keywords: ["send email"])
    ) { parameters in
        { input, run in
            if let later = try run.content(parameters["sendLaterDate"]).date, later > run.environment.now().addingTimeInterval(60) {
                throw ActionFailure("sending later isn't possible here: mail leaves over SMTP when sent", parameter: "sendLaterDate")
            }
            let maildir = try Maildir.reached(run: run, parameter: "target")
            for draft in try messages(try run.content(parameters, "target", orInput: input), parameter: "target", run: run, drafts: true) {
                guard let data = FileManager.default.contents(atPath: draft.path) else {
                    throw ActionFailure("can't read \(draft.path)", parameter: "target")
                }
                let text = MailMessageText(data)
                let recipients = ["To", "Cc", "Bcc"].flatMap { MailMessageText.addresses(text.rawHeader($0) ?? "").map(\.address) }
                // Sent, the draft itself moves to Sent (its Bcc kept there, as mail programs keep it).
                try send(withoutBcc(data), to: recipients, from: text.rawHeader("From") ?? "", run: run, parameter: "target") {
                    _ = try maildir.move(draft, to: Maildir.sent, flags: draft.flags.subtracting(["D"]).union(["S"]), parameter: "target")
                }
            }
            return .nothing
        }
    }

    /// The URIs of a List-Unsubscribe header: each between angle brackets (a comma may be inside one).
    static func angleBracketed(_ value: String) -> [String] {
        var found: [String] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            found.append(rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// A message's Bcc line (and its continuation lines) taken out of its headers.
    static func withoutBcc(_ data: Data) -> Data {
        let (headers, body) = MailMessageText.split(data)
        guard headers.contains(where: { $0.name.caseInsensitiveCompare("Bcc") == .orderedSame }) else { return data }
        let kept = headers.filter { $0.name.caseInsensitiveCompare("Bcc") != .orderedSame }.map { "\($0.name): \($0.value)" }
        return Data((kept.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    static let sendMail = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "SendMail", title: "Send Mail",
            description:
                "Sends a message over SMTP with the account in the settings and files it in Sent; Reply Message threads it after that message.",
            parameters: [
                ParameterMetadata(key: "to", title: "To", type: .text, isList: true),
                ParameterMetadata(key: "cc", title: "Cc", type: .text, isList: true),
                ParameterMetadata(key: "bcc", title: "Bcc", type: .text, isList: true),
                ParameterMetadata(key: "subject", title: "Subject", type: .text),
                ParameterMetadata(key: "body", title: "Body", type: .text),
                ParameterMetadata(key: "account", title: "Account", type: .text),
                ParameterMetadata(key: "attachments", title: "Attachments", type: .file, isList: true),
                ParameterMetadata(key: "inReplyTo", title: "Reply Message", type: .content, entityType: messageType),
            ],
            isReadOnly: false, keywords: ["email", "smtp"])
    ) { parameters in
        { _, run in
            var mail = try message(parameters, run: run)
            let answered = try run.content(parameters["inReplyTo"])
            if !answered.isNothing, let original = try messages(answered, parameter: "inReplyTo", run: run).first,
                let data = FileManager.default.contents(atPath: original.path), let id = MailMessageText(data).rawHeader("Message-ID")
            {
                mail.extraHeaders = [("In-Reply-To", id), ("References", id)]
            }
            let data = mail.rendered()
            try send(data, to: mail.to + mail.cc + mail.bcc, from: mail.from, run: run, parameter: "to") {
                _ = try Maildir.reached(run: run, parameter: "to").deliver(data, to: Maildir.sent, flags: ["S"], parameter: "to")
            }
            return .nothing
        }
    }

    static let unsubscribe = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "UnsubscribeMessageIntent", title: "Unsubscribe Message",
            description:
                "Unsubscribes from the lists messages came from, as their List-Unsubscribe header offers: a one-click web request (RFC 8058) through the run's web access, else an email to the list's address.",
            parameters: [
                messagesParameter("messages", title: "Message"),
                ParameterMetadata(key: "ShowWhenRun", title: "Show When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "messages", isReadOnly: false, keywords: ["mailing list", "newsletter", "opt out"])
    ) { parameters in
        { input, run in
            for message in try messages(try run.content(parameters, "messages", orInput: input), parameter: "messages", run: run) {
                let text = MailMessageText(FileManager.default.contents(atPath: message.path) ?? Data())
                let subject = text.header("Subject") ?? message.unique
                let links = angleBracketed(text.rawHeader("List-Unsubscribe") ?? "")
                let oneClick = (text.rawHeader("List-Unsubscribe-Post") ?? "").contains("List-Unsubscribe=One-Click")
                // One-click is HTTPS only (RFC 8058), so a mail can't have this machine post to a plain web service.
                if oneClick, let web = links.first(where: { URL(string: $0)?.scheme?.lowercased() == "https" }), let url = URL(string: web)
                {
                    var request = HTTPRequest(url: url, method: "POST")
                    request.body = Data("List-Unsubscribe=One-Click".utf8)
                    request.setHeader("Content-Type", "application/x-www-form-urlencoded")
                    let response = try run.send(request, parameter: "messages")
                    guard (200..<300).contains(response.status) else {
                        throw ActionFailure(
                            "\(url.host ?? web) answered \(response.status) to unsubscribing from “\(subject)”", parameter: "messages")
                    }
                } else if let mailto = links.first(where: { $0.lowercased().hasPrefix("mailto:") }),
                    let components = URLComponents(string: mailto),
                    case let addresses = TextScanner.emailAddresses(in: components.path), !addresses.isEmpty
                {
                    let asked = components.queryItems?.first { $0.name.lowercased() == "subject" }?.value
                    let mail = MailActions.Message(
                        from: run.environment.services["smtp-from"] ?? "", to: addresses, cc: [], bcc: [],
                        subject: asked ?? "unsubscribe", body: components.queryItems?.first { $0.name.lowercased() == "body" }?.value ?? "",
                        attachments: [], date: run.environment.now())
                    let data = mail.rendered()
                    try send(data, to: mail.to, from: mail.from, run: run, parameter: "messages") {
                        _ = try Maildir.reached(run: run, parameter: "messages").deliver(
                            data, to: Maildir.sent, flags: ["S"], parameter: "messages")
                    }
                } else {
                    throw ActionFailure(
                        "“\(subject.prefix(60))” offers no one-click or email way to unsubscribe"
                            + (links.isEmpty ? " (it has no List-Unsubscribe header)" : "; open \(links[0]) to do it by hand"),
                        parameter: "messages")
                }
            }
            return .nothing
        }
    }
}
