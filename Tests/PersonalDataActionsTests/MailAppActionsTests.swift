import ActionTestSupport
import Foundation
import PlatformFakes
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsTestSupport
import Testing

@testable import PersonalDataActions

/// The Mail app's own actions on a Maildir written and read back by Python's `mailbox` module
/// (the Maildir everyone else's tools write), sending to a real SMTP server on 127.0.0.1, and
/// unsubscribing against a real HTTP server.
@Suite(.serialized) struct MailAppActionsTests {
    typealias T = SystemTest
    let folder: TemporaryDirectory
    var maildir: String { folder.path + "/Maildir" }

    init() throws {
        folder = try TemporaryDirectory()
    }

    func environment(smtp: SMTPServer? = nil, http: (any HTTPTransport)? = nil) -> RunEnvironment {
        let variables = ["HOME": folder.path, "MAILDIR": maildir]
        var environment = http.map { T.environment(variables: variables, http: $0) } ?? T.environment(variables: variables)
        environment.services = ServiceSettings(
            smtp.map { ["smtp": "smtp://127.0.0.1:\($0.port)", "smtp-from": "Me <me@example.org>"] } ?? [:])
        return environment
    }

    func run(
        _ name: String, _ parameters: ParameterDictionary = [:], input: Content = .nothing, smtp: SMTPServer? = nil,
        http: (any HTTPTransport)? = nil
    ) throws -> Content {
        let identifier = name.contains(".") ? name : MailAppActions.prefix + name
        return try T.run(
            [WorkflowAction(identifier: identifier, parameters: parameters)], input: input, environment: environment(smtp: smtp, http: http)
        )
    }

    func failure(_ name: String, _ parameters: ParameterDictionary = [:], input: Content = .nothing, smtp: SMTPServer? = nil) -> RunError? {
        T.failure { try run(name, parameters, input: input, smtp: smtp) }
    }

    /// Runs Python with the Maildir's path as its first argument; its output, trimmed.
    @discardableResult
    func python(_ script: String) throws -> String {
        let result = try ProcessRun.run("/usr/bin/python3", ["-c", script, maildir])
        #expect(result.status == 0, "\(result.error)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Three messages in the Inbox, written by Python's email and mailbox modules.
    func deliverInbox(unsubscribe: String = "<mailto:leave@lists.example.org?subject=unsubscribe>") throws {
        try python(
            """
            import mailbox, sys
            from email.message import EmailMessage
            box = mailbox.Maildir(sys.argv[1], create=True)
            plain = EmailMessage()
            plain["From"] = "Ada Lovelace <ada@example.org>"; plain["To"] = "me@example.org"; plain["Cc"] = "bob@example.org"
            plain["Subject"] = "Lunch"; plain["Date"] = "Tue, 01 Dec 2026 09:30:00 +0100"; plain["Message-ID"] = "<lunch@example.org>"
            plain.set_content("Shall we eat at noon?\\nAda")
            rich = EmailMessage()
            rich["From"] = "Bärbel <baerbel@example.de>"; rich["To"] = "me@example.org"; rich["Subject"] = "Grüße aus Köln"
            rich["Date"] = "Wed, 02 Dec 2026 10:00:00 +0000"; rich["Message-ID"] = "<gruesse@example.de>"
            rich.set_content("Viele Grüße, und bis bald!", cte="quoted-printable")
            rich.add_attachment(b"%PDF-1.4 tiny", maintype="application", subtype="pdf", filename="report.pdf")
            news = EmailMessage()
            news["From"] = "News <news@lists.example.org>"; news["To"] = "me@example.org"; news["Subject"] = "Weekly news"
            news["Date"] = "Thu, 03 Dec 2026 08:00:00 +0000"; news["List-Unsubscribe"] = "\(unsubscribe)"
            news["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
            news.set_content("This week...")
            for message in (plain, rich, news):
                box.add(mailbox.MaildirMessage(message))
            """)
    }

    func email(_ subject: String) throws -> Content {
        let found = try run("com.apple.mobilemail.MailMessageEntity")
        return try #require(found.items.first { $0.property("Subject") == .text(subject) }, "no email \(subject)")
    }

    @Test func findEmailReadsMessagesAndTheActionsFileThem() throws {
        try deliverInbox()
        let all = try run(
            "com.apple.mobilemail.MailMessageEntity",
            ["WFContentItemSortProperty": T.text("Date Sent"), "WFContentItemSortOrder": T.text("Latest First")])
        #expect(all.items.map { $0.property("Subject").text } == ["Weekly news", "Grüße aus Köln", "Lunch"])
        #expect(all.items.last?.property("Date Sent") == .date(Date(timeIntervalSince1970: 1_796_113_800)))
        let rich = try email("Grüße aus Köln")
        #expect(rich.property("Body").text == "Viele Grüße, und bis bald!" && rich.property("Sender") == .text("Bärbel"))
        #expect(rich.property("Attachments") == .list([.text("report.pdf")]) && rich.property("Is Read") == .boolean(false))
        // Read, flagged and moved: Python sees the flags and the folders.
        _ = try run("SetMailMessageIsRead", ["read": T.bool(true)], input: try email("Lunch"))
        _ = try run("UpdateMessageIntent", ["isFlagged": T.bool(true), "mailbox": T.text("Projects")], input: rich)
        _ = try run("ArchiveMessageIntent", input: try email("Lunch"))
        _ = try run("DeleteMessageIntent", input: try email("Weekly news"))
        let seen = try python(
            """
            import mailbox, sys
            from email.header import decode_header, make_header
            box = mailbox.Maildir(sys.argv[1], create=False)
            for name in ["Archive", "Projects", "Trash"]:
                for key, message in box.get_folder(name).items():
                    print(name, make_header(decode_header(message["Subject"])), message.get_flags())
            print("INBOX", len(box))
            """)
        #expect(
            seen.split(separator: "\n").map(String.init) == [
                "Archive Lunch S", "Projects Grüße aus Köln F", "Trash Weekly news ", "INBOX 0",
            ])
        // Junk and back.
        let moved = try email("Grüße aus Köln")
        #expect(moved.property("Mailbox") == .text("Projects") && moved.property("Is Flagged") == .boolean(true))
        _ = try run("UpdateMessageIntent", ["isJunk": T.bool(true)], input: moved)
        #expect(try email("Grüße aus Köln").property("Mailbox") == .text("Junk"))
        _ = try run("UpdateMessageIntent", ["isJunk": T.bool(false)], input: try email("Grüße aus Köln"))
        #expect(try email("Grüße aus Köln").property("Mailbox") == .text("INBOX"))
        let notMail = failure("ArchiveMessageIntent", input: .text("Lunch"))
        #expect(notMail?.parameter == "entities" && notMail?.message.contains("expected an email") == true)
    }

    @Test func draftsAreWrittenSentAndFiled() throws {
        let smtp = try SMTPServer()
        try deliverInbox()
        let draft = try run(
            "ComposeMessageIntent",
            ["to": T.text("ada@example.org"), "bcc": T.text("eve@example.org"), "subject": T.text("Plans"), "body": T.text("See you.")],
            smtp: smtp)
        #expect(draft.property("Mailbox") == .text("Drafts") && draft.property("Subject") == .text("Plans"))
        let drafted = try python(
            """
            import mailbox, sys
            for key, message in mailbox.Maildir(sys.argv[1], create=False).get_folder("Drafts").items():
                print(message.get_flags(), message["Bcc"], message["To"])
            """)
        #expect(drafted == "DS eve@example.org ada@example.org")
        _ = try run("SendDraftIntent", input: draft, smtp: smtp)
        let sent = try #require(smtp.messages().first)
        #expect(sent["to"] as? [String] == ["<ada@example.org>", "<eve@example.org>"] && sent["from"] as? String == "<me@example.org>")
        #expect((sent["data"] as? String)?.contains("Bcc:") == false)
        let filed = try python(
            """
            import mailbox, sys
            box = mailbox.Maildir(sys.argv[1], create=False)
            print(len(box.get_folder("Drafts")), [m["Subject"] + " " + m.get_flags() for m in box.get_folder("Sent")])
            """)
        #expect(filed == "0 ['Plans S']")
        // A reply to all, threaded and quoting; a forward.
        let reply = try run("ReplyMessageIntent", ["isReplyAll": T.bool(true)], input: try email("Lunch"), smtp: smtp)
        #expect(reply.property("Subject") == .text("Re: Lunch") && reply.property("Recipients") == .list([.text("ada@example.org")]))
        #expect(reply.property("CC") == .list([.text("bob@example.org")]))
        #expect(reply.property("Body").text.contains("> Shall we eat at noon?"))
        let threaded = try python(
            """
            import mailbox, sys
            for key, message in mailbox.Maildir(sys.argv[1], create=False).get_folder("Drafts").items():
                print(message["In-Reply-To"], message["References"])
            """)
        #expect(threaded == "<lunch@example.org> <lunch@example.org>")
        let forward = try run("ForwardMessageIntent", ["to": T.text("carol@example.org")], input: try email("Grüße aus Köln"), smtp: smtp)
        #expect(forward.property("Subject") == .text("Fwd: Grüße aus Köln") && forward.property("Body").text.contains("Viele Grüße"))
        // Send Mail sends at once and files a copy.
        _ = try run("SendMail", ["to": T.text("dan@example.org"), "subject": T.text("Hi"), "body": T.text("Hello")], smtp: smtp)
        #expect(smtp.messages().count == 2 && (smtp.messages().last?["to"] as? [String]) == ["<dan@example.org>"])
        let later = failure(
            "SendDraftIntent", ["sendLaterDate": T.date(T.now.addingTimeInterval(86_400))], input: reply, smtp: smtp)
        #expect(later?.parameter == "sendLaterDate")
        let noAccount = failure("SendMail", ["to": T.text("dan@example.org")])
        #expect(noAccount?.message.contains("--service smtp=") == true && noAccount?.parameter == "to")
    }

    @Test func unsubscribingUsesOneClickElseMail() throws {
        // One-click over HTTPS (served in memory: a test can't have a trusted certificate), the
        // URL with a comma in it; a plain-HTTP link is never posted to.
        let web = InMemoryHTTP()
        web.serve("https://lists.example.org/unsubscribe?list=weekly,all", body: "bye")
        try deliverInbox(unsubscribe: "<http://127.0.0.1:9/unsubscribe>, <https://lists.example.org/unsubscribe?list=weekly,all>")
        _ = try run("UnsubscribeMessageIntent", input: try email("Weekly news"), http: web)
        let request = try #require(web.requests.first)
        #expect(web.requests.count == 1 && request.method == "POST" && request.url.absoluteString.hasSuffix("list=weekly,all"))
        #expect(request.body == Data("List-Unsubscribe=One-Click".utf8))
        // Only a mail address: a mail to it, through a real SMTP server.
        let smtp = try SMTPServer()
        try FileManager.default.removeItem(atPath: maildir)
        try deliverInbox()
        _ = try run("UnsubscribeMessageIntent", input: try email("Weekly news"), smtp: smtp)
        let mail = try #require(smtp.messages().first)
        #expect(
            mail["to"] as? [String] == ["<leave@lists.example.org>"] && (mail["data"] as? String)?.contains("Subject: unsubscribe") == true)
        let none = failure("UnsubscribeMessageIntent", input: try email("Lunch"))
        #expect(none?.parameter == "messages" && none?.message.contains("no List-Unsubscribe header") == true)
    }

    @Test func onlyDraftsAreSentAndNothingEscapesOrIsReplaced() throws {
        let smtp = try SMTPServer()
        try deliverInbox()
        let lunch = try email("Lunch")
        let notDraft = failure("SendDraftIntent", input: lunch, smtp: smtp)
        #expect(notDraft?.message.contains("is a message in INBOX, not a draft") == true && smtp.messages().isEmpty)
        #expect(failure("SaveDraftIntent", input: lunch)?.parameter == "target")
        let escape = failure("UpdateMessageIntent", ["mailbox": T.text("../outside")], input: lunch)
        #expect(escape?.parameter == "mailbox" && !FileManager.default.fileExists(atPath: folder.path + "/outside"))
        let injected = failure(
            "ComposeMessageIntent", ["to": T.text("ada@example.org"), "account": T.text("me@example.org\nBcc: eve@example.org")])
        #expect(injected?.parameter == "account")
        // A message file of the same name already in Archive is never replaced.
        let path = lunch.property("File Path").text
        let file = Maildir.parse((path as NSString).lastPathComponent, mailbox: "INBOX", path: path)
        for part in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/.Archive/" + part, withIntermediateDirectories: true)
        }
        try Data("other".utf8).write(to: URL(fileURLWithPath: maildir + "/.Archive/cur/" + Maildir.name(file.unique, flags: file.flags)))
        let taken = failure("ArchiveMessageIntent", input: lunch)
        #expect(taken?.message.contains("already there") == true && FileManager.default.fileExists(atPath: path))
    }

    @Test func aDraftInNoMaildirYetMakesOneThatStaysMaildirPlusPlus() throws {
        let draft = try run("ComposeMessageIntent", ["to": T.text("ada@example.org"), "subject": T.text("First")])
        #expect(draft.property("Mailbox") == .text("Drafts"))
        // The store made reads as Maildir++ (the Inbox its root), so the draft is found again.
        #expect(
            FileManager.default.fileExists(atPath: maildir + "/cur") && FileManager.default.fileExists(atPath: maildir + "/.Drafts/cur"))
        #expect(try email("First").property("Mailbox") == .text("Drafts"))
    }

    @Test func anMbsyncStoreWithOneFolderAMailbox() throws {
        // mbsync's layout: INBOX and Archive as folders of their own, UIDs in the names.
        for box in ["INBOX", "Archive"] {
            for part in ["cur", "new", "tmp"] {
                try FileManager.default.createDirectory(atPath: maildir + "/\(box)/\(part)", withIntermediateDirectories: true)
            }
        }
        let message = "From: ada@example.org\nTo: me@example.org\nSubject: Synced\nDate: Tue, 01 Dec 2026 09:30:00 GMT\n\nHello\n"
        try Data(message.utf8).write(to: URL(fileURLWithPath: maildir + "/INBOX/cur/1796000000.M1P2.host,U=12:2,S"))
        let synced = try email("Synced")
        #expect(synced.property("Mailbox") == .text("INBOX") && synced.property("Is Read") == .boolean(true))
        _ = try run("ArchiveMessageIntent", input: synced)
        let archived = try FileManager.default.contentsOfDirectory(atPath: maildir + "/Archive/cur")
        #expect(archived == ["1796000000.M1P2.host:2,S"], "\(archived)")
        #expect(!FileManager.default.fileExists(atPath: maildir + "/.Archive"))
    }

    @Test func charsetsAndEncodedNamesAreRead() {
        // A name in RFC 2231's form, a part in Latin-9 (through iconv), a boundary with a ; in quotes.
        let bytes: [UInt8] =
            Array(
                "Content-Type: multipart/mixed; boundary=\"x;y\"\n\n--x;y\nContent-Type: text/plain; charset=iso-8859-15\n\nPrix: 5 ".utf8)
            + [0xA4]
            + Array(
                "\n--x;y\nContent-Type: application/pdf\nContent-Disposition: attachment; filename*=utf-8''r%C3%A9sum%C3%A9.pdf\n\n%PDF\n--x;y--\n"
                    .utf8)
        let attached = MailMessageText(Data(bytes))
        #expect(attached.body == "Prix: 5 €" && attached.attachmentNames == ["résumé.pdf"])
    }

    @Test func encodedWordsAndPartsAreDecoded() {
        #expect(MailMessageText.decodedWords("=?UTF-8?B?R3LDvMOfZQ==?= =?iso-8859-1?Q?K=F6ln?=") == "GrüßeKöln")
        #expect(MailMessageText.decodedWords("Re: =?utf-8?q?caf=C3=A9_time?=") == "Re: café time")
        let message = MailMessageText(
            Data(
                "Subject: x\r\nContent-Type: multipart/alternative; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>Hi</p>\r\n--b\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nHall=F6 =\r\nWelt\r\n--b--\r\n"
                    .utf8))
        #expect(message.body == "Hallö Welt")
        #expect(
            MailMessageText.addresses("\"Doe, Jane\" <jane@example.org>, bob@example.org").map(\.address) == [
                "jane@example.org", "bob@example.org",
            ])
    }
}
