import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions

/// Send Email against a real SMTP server on 127.0.0.1 (a small Python one that speaks the
/// protocol's commands and writes down what it received), and without an account.
@Suite(.serialized) struct MailActionsTests {
    typealias T = SystemTest

    @Test func sendEmailSpeaksSMTPWithTheAccountInTheSettings() throws {
        let server = try SMTPServer()
        var environment = T.environment()
        environment.services = ServiceSettings(["smtp": "smtp://127.0.0.1:\(server.port)", "smtp-from": "Me <me@example.org>"])
        let input = Content.list([.text("Hello, wörld"), .file(FileContent(name: "pic.png", data: Data([0x89, 0x50])))])
        _ = try T.run(
            "sendemail",
            [
                "WFSendEmailActionToRecipients": .array([T.text("ada@example.org")]),
                "WFSendEmailActionCcRecipients": T.text("bob@example.org"),
                "WFSendEmailActionBccRecipients": T.text("eve@example.org"), "WFSendEmailActionSubject": T.text("Grüße"),
                "WFSendEmailActionShowComposeSheet": T.bool(false),
            ], input: input, environment: environment)
        let mail = try #require(server.messages().first)
        #expect(mail["from"] as? String == "<me@example.org>")
        #expect(mail["to"] as? [String] == ["<ada@example.org>", "<bob@example.org>", "<eve@example.org>"])
        let data = try #require(mail["data"] as? String)
        #expect(data.contains("To: ada@example.org\r\n") && data.contains("Cc: bob@example.org\r\n") && !data.contains("eve@"))
        #expect(data.contains("Subject: =?UTF-8?B?" + Data("Grüße".utf8).base64EncodedString() + "?=\r\n"))
        #expect(data.contains(Data("Hello, wörld".utf8).base64EncodedString()))
        #expect(data.contains("Content-Type: image/png\r\n") && data.contains("filename=\"pic.png\""))

        let noRecipient = T.failure {
            try T.run("sendemail", ["WFSendEmailActionShowComposeSheet": T.bool(false)], input: .text("x"), environment: environment)
        }
        #expect(noRecipient?.parameter == "WFSendEmailActionToRecipients")
        let badAddress = T.failure { try T.run("sendemail", ["WFSendEmailActionToRecipients": T.text("nobody")], input: .text("x")) }
        #expect(badAddress?.message.contains("is not an email address") == true)
    }

    @Test func withoutAnAccountOrComposerTheErrorSaysWhatToSet() {
        var environment = T.environment(variables: ["PATH": "/nonexistent"])
        environment.services = ServiceSettings()
        let error = T.failure {
            try T.run(
                "sendemail", ["WFSendEmailActionToRecipients": T.text("ada@example.org")], input: .text("hi"), environment: environment)
        }
        #expect(error?.message.contains("--service smtp=smtps://host:465") == true, "\(String(describing: error))")
    }
}
