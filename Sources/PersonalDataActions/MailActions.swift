import CCurlLoader
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Send Email: over SMTP through libcurl with the account in the services settings (`smtp`,
/// `smtp-user`, `smtp-password`, `smtp-from`), or, with none, the desktop's mail composer
/// through `xdg-email`.
enum MailActions {
    static let all: [ActionDefinition] = [sendEmail]

    struct Message {
        var from: String
        var to: [String]
        var cc: [String]
        var bcc: [String]
        var subject: String
        var body: String
        var attachments: [FileContent]
        var date: Date
        /// Headers of a reply (`In-Reply-To`, `References`) and the like, written after the others.
        var extraHeaders: [(name: String, value: String)] = []

        /// The message as RFC 5322 text: UTF-8 headers as encoded words, the body and
        /// attachments in base64, multipart when there are attachments. The Bcc line is written
        /// only into a draft (`includingBcc`), never into what is sent.
        func rendered(includingBcc: Bool = false) -> Data {
            func encoded(_ text: String) -> String {
                text.allSatisfy({ $0.isASCII && !$0.isNewline }) ? text : "=?UTF-8?B?" + Data(text.utf8).base64EncodedString() + "?="
            }
            func wrapped(_ data: Data) -> String {
                let text = data.base64EncodedString()
                return stride(from: 0, to: text.count, by: 76).map { offset in
                    let start = text.index(text.startIndex, offsetBy: offset)
                    return String(text[start..<(text.index(start, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex)])
                }.joined(separator: "\r\n")
            }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
            var lines = ["From: \(from)", "To: \(to.joined(separator: ", "))"]
            if !cc.isEmpty { lines.append("Cc: \(cc.joined(separator: ", "))") }
            if includingBcc, !bcc.isEmpty { lines.append("Bcc: \(bcc.joined(separator: ", "))") }
            lines += [
                "Subject: \(encoded(subject))", "Date: \(formatter.string(from: date))",
                "Message-ID: <\(UUID().uuidString)@swift-shortcuts>", "MIME-Version: 1.0",
            ]
            lines += extraHeaders.map { "\($0.name): \($0.value)" }
            let text = ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", wrapped(Data(body.utf8))]
            if attachments.isEmpty {
                lines += text
            } else {
                let boundary = "shortcuts-" + UUID().uuidString
                lines += ["Content-Type: multipart/mixed; boundary=\"\(boundary)\"", "", "--\(boundary)"] + text
                for file in attachments {
                    lines += [
                        "--\(boundary)", "Content-Type: \(UniformType.mimeType(for: file.typeIdentifier ?? "public.data"))",
                        "Content-Transfer-Encoding: base64", "Content-Disposition: attachment; filename=\"\(encoded(file.name))\"", "",
                        wrapped(file.data),
                    ]
                }
                lines.append("--\(boundary)--")
            }
            return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
        }
    }

    /// The addresses a recipients parameter holds: text, lists, or records with an address.
    static func addresses(_ content: Content, parameter: String, run: RunContext) throws -> [String] {
        try content.items.flatMap { item -> [String] in
            let text = (item.dictionary?["emailAddress"] ?? item.dictionary?["displayString"] ?? item).text
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return [] }
            let found = TextScanner.emailAddresses(in: text)
            guard !found.isEmpty else {
                throw ActionFailure("\"\(text.prefix(60))\" is not an email address", parameter: parameter)
            }
            return found
        }
    }

    static let sendEmail = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.sendemail", title: "Send Email",
            description:
                "Sends the input as an email (text as the body, files as attachments): over SMTP with the account set by shortcuts settings --service smtp=smtps://host:465 (and smtp-user, smtp-password, smtp-from) when Show Compose Sheet is off; otherwise, or with no account, in the desktop's mail composer (xdg-email).",
            parameters: [
                ParameterMetadata(key: "WFSendEmailActionInputAttachments", title: "Message", type: .content, isRequired: true),
                ParameterMetadata(key: "WFSendEmailActionToRecipients", title: "Recipients", type: .text, isList: true),
                ParameterMetadata(key: "WFSendEmailActionCcRecipients", title: "CC", type: .text, isList: true),
                ParameterMetadata(key: "WFSendEmailActionBccRecipients", title: "BCC", type: .text, isList: true),
                ParameterMetadata(key: "WFSendEmailActionSubject", title: "Subject", type: .text),
                ParameterMetadata(key: "WFSendEmailActionFrom", title: "From", type: .text),
                ParameterMetadata(
                    key: "WFSendEmailActionShowComposeSheet", title: "Show Compose Sheet", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "WFSendEmailActionInputAttachments", isReadOnly: false, keywords: ["mail", "smtp", "message"]),
        passesInputThrough: true
    ) { parameters in
        let to = parameters["WFSendEmailActionToRecipients"]
        let cc = parameters["WFSendEmailActionCcRecipients"]
        let bcc = parameters["WFSendEmailActionBccRecipients"]
        let subject = parameters["WFSendEmailActionSubject"]
        let from = parameters["WFSendEmailActionFrom"]
        let compose = parameters["WFSendEmailActionShowComposeSheet"]
        return { input, run in
            let services = run.environment.services
            var message = Message(
                from: try run.text(from)?.trimmingCharacters(in: .whitespaces) ?? "",
                to: try addresses(try run.content(to), parameter: "WFSendEmailActionToRecipients", run: run),
                cc: try addresses(try run.content(cc), parameter: "WFSendEmailActionCcRecipients", run: run),
                bcc: try addresses(try run.content(bcc), parameter: "WFSendEmailActionBccRecipients", run: run),
                subject: try run.text(subject) ?? "", body: "", attachments: [], date: run.environment.now())
            for item in input.items {
                if case .file(let file) = item, !UniformType.isText(file.typeIdentifier ?? "") {
                    message.attachments.append(file)
                } else {
                    message.body += (message.body.isEmpty ? "" : "\n") + item.text
                }
            }
            let server = services["smtp"] ?? ""
            if try run.bool(compose) ?? true || server.isEmpty {
                try composeOnDesktop(message, run: run)
                return input
            }
            guard !message.to.isEmpty || !message.cc.isEmpty || !message.bcc.isEmpty else {
                throw ActionFailure("no recipient is given", parameter: "WFSendEmailActionToRecipients")
            }
            if message.from.isEmpty { message.from = services["smtp-from"] ?? "" }
            guard let sender = TextScanner.emailAddresses(in: message.from).first else {
                throw ActionFailure(
                    "no sender is given; set one with shortcuts settings --service smtp-from=ADDRESS", parameter: "WFSendEmailActionFrom")
            }
            try send(message, sender: sender, server: server, services: services)
            return input
        }
    }

    static func send(_ message: Message, sender: String, server: String, services: ServiceSettings) throws {
        try send(
            message.rendered(), to: message.to + message.cc + message.bcc, sender: sender, server: server, services: services,
            parameter: "WFSendEmailActionToRecipients")
    }

    /// Sends a rendered message (its Bcc line already gone) to its recipients over SMTP.
    static func send(_ data: Data, to addresses: [String], sender: String, server: String, services: ServiceSettings, parameter: String)
        throws
    {
        guard let url = URL(string: server), let host = url.host else {
            throw ActionFailure("the smtp setting \(server) is not a mail server URL", parameter: parameter)
        }
        // Mail leaves the machine encrypted; only a server on this machine may be spoken to in the clear.
        let local = ["127.0.0.1", "localhost", "::1"].contains(host)
        let requireTLS: Int32 = url.scheme == "smtps" || local ? 0 : 1
        let recipients = addresses.map { "<\($0)>" }
        var error = [CChar](repeating: 0, count: 512)
        let copies = recipients.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        let failed = pointers.withUnsafeBufferPointer { list in
            data.withUnsafeBytes { bytes in
                shortcuts_smtp_send(
                    server, services["smtp-user"] ?? "", services["smtp-password"] ?? "", "<\(sender)>", list.baseAddress, list.count,
                    bytes.baseAddress, bytes.count, requireTLS, 60_000, &error, error.count)
            }
        }
        if failed != 0 {
            throw ActionFailure(
                "can't send the email through \(host): \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))",
                parameter: parameter)
        }
    }

    /// Opens the desktop's mail composer with the message filled in.
    static func composeOnDesktop(_ message: Message, run: RunContext) throws {
        guard let program = run.findProgram("xdg-email", path: run.environment.variables["PATH"]) else {
            throw ActionFailure(
                "there is no mail account and no desktop mail composer: set an account with shortcuts settings --service smtp=smtps://host:465 (and smtp-user, smtp-password, smtp-from) and turn off Show Compose Sheet, or install xdg-utils",
                parameter: "WFSendEmailActionShowComposeSheet")
        }
        var arguments = ["--utf8"]
        if !message.subject.isEmpty { arguments += ["--subject", message.subject] }
        if !message.body.isEmpty { arguments += ["--body", message.body] }
        for address in message.cc { arguments += ["--cc", address] }
        for address in message.bcc { arguments += ["--bcc", address] }
        let folder = NSTemporaryDirectory() + "shortcuts-mail-" + UUID().uuidString
        for file in message.attachments {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = file.path ?? folder + "/" + URL(fileURLWithPath: file.name).lastPathComponent
            if file.path == nil { try file.data.write(to: URL(fileURLWithPath: path)) }
            arguments += ["--attach", path]
        }
        arguments += message.to
        let outcome = try run.runProgram(program, arguments: arguments, environment: run.environment.variables, timeout: 30)
        guard outcome.status == 0 else {
            throw ActionFailure(
                "xdg-email could not open a mail composer: \(String(decoding: outcome.standardError.prefix(300), as: UTF8.self))",
                parameter: "WFSendEmailActionShowComposeSheet")
        }
    }
}
