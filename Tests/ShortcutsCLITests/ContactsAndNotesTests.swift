import Foundation
import ShortcutsTestSupport
import Testing

/// Contacts as vCards (checked with python3-vobject, an independent reader) and notes as
/// Markdown files, through the built `shortcuts`.
@Suite(.serialized) struct ContactsAndNotesTests {
    let runner: CommandRunner
    var home: String { runner.home }

    init() throws {
        runner = try CommandRunner()
    }

    func run(_ source: String, _ arguments: [String] = [], answers: String? = nil) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "pim-\(UUID().uuidString).sct")
        var options: [String] = []
        if let answers { options += ["--answers", try runner.write(Data(answers.utf8), to: "answers-\(UUID().uuidString).json")] }
        return try runner.run(["run", file] + options + arguments)
    }

    @Test func contactsAreVCardsThatOtherProgramsRead() throws {
        let added = try run(
            """
            is.workflow.actions.addnewcontact WFContactFirstName: "Ada", WFContactLastName: "Lovelace", WFContactCompany: "Analytical; Engines", WFContactPhoneNumbers: ["+44 20 7946 0000"], WFContactEmails: ["ada@example.org", "countess@example.org"], WFContactNotes: "Met at the\\nRoyal Society"
            is.workflow.actions.addnewcontact WFContactFirstName: "Charles", WFContactLastName: "Babbage", WFContactEmails: ["charles@example.org"]
            is.workflow.actions.filter.contacts WFContentItemFilter: #conditions(all, [{Property: "Company", Operator: 99, Values: #record {String: "Engines"}, Removable: true}])
            is.workflow.actions.properties.contacts WFContentItemPropertyName: "Email Addresses"
            """)
        #expect(added.status == 0 && added.output == "ada@example.org\ncountess@example.org\n", "\(added.output) \(added.error)")
        let read = try ProcessRun.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import vobject, glob, sys
                for path in sorted(glob.glob(sys.argv[1] + '/Contacts/Contacts/*.vcf')):
                    card = vobject.readOne(open(path).read())
                    print(card.fn.value, '|', card.n.value.family, '|', getattr(card, 'org', None) and card.org.value, '|',
                          sorted(e.value for e in card.contents.get('email', [])), '|', getattr(card, 'note', None) and card.note.value.replace('\\n', '/'))
                """, home,
            ])
        #expect(read.status == 0, "\(read.error)")
        #expect(
            Set(read.output.split(separator: "\n")) == [
                "Ada Lovelace | Lovelace | ['Analytical; Engines'] | ['ada@example.org', 'countess@example.org'] | Met at the/Royal Society",
                "Charles Babbage | Babbage | None | ['charles@example.org'] | None",
            ], "\(read.output)")

        let edited = try run(
            """
            is.workflow.actions.contacts WFContact: ["Charles Babbage"]
            is.workflow.actions.setters.contacts WFContentItemPropertyName: "Email Addresses", Mode: "Add", WFContactContentItemEmailAddresses: "cb@example.org"
            is.workflow.actions.setters.contacts WFContentItemPropertyName: "Job Title", WFContactContentItemJobTitle: "Mathematician"
            is.workflow.actions.properties.contacts WFContentItemPropertyName: "Email Addresses"
            """)
        #expect(edited.status == 0 && edited.output == "charles@example.org\ncb@example.org\n", "\(edited.output) \(edited.error)")

        // Choosing among the address books' email addresses, answered from a file.
        let chosen = try run("is.workflow.actions.selectemail", answers: "Charles Babbage: cb@example.org\n")
        #expect(chosen.status == 0 && chosen.output == "cb@example.org\n", "\(chosen.output) \(chosen.error)")
    }

    /// A contact shared as a .vcf file is read as a contact (corpus 28 reads a shared contact's company).
    @Test func aVCardFileGivenAsInputIsAContact() throws {
        let card = try runner.write(
            Data(
                "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Hopper;Grace;;;\r\nFN:Grace Hopper\r\nORG:US Navy;Computing\r\nitem1.ADR;TYPE=WORK:;;1 Navy Way;Arlington;VA;22202;USA\r\nEND:VCARD\r\n"
                    .utf8), to: "grace.vcf")
        let company = try run(#"is.workflow.actions.properties.contacts WFContentItemPropertyName: "Company""#, ["--input-path", card])
        #expect(company.status == 0 && company.output == "US Navy\n", "\(company.output) \(company.error)")
        let address = try run(
            #"is.workflow.actions.properties.contacts WFContentItemPropertyName: "Street Address""#, ["--input-path", card])
        #expect(address.output == "1 Navy Way, Arlington, VA 22202, USA\n", "\(address.output) \(address.error)")
    }

    @Test func notesAreMarkdownFilesNamedByTheirFirstLine() throws {
        let made = try run(
            """
            is.workflow.actions.gettext WFTextActionText: "# Groceries\\n- milk"
            com.apple.mobilenotes.SharingExtension
            is.workflow.actions.appendnote WFNote: "Groceries", WFInput: "- eggs"
            com.apple.mobilenotes.SharingExtension WFCreateNoteInput: "# Groceries\\nanother list"
            is.workflow.actions.filter.notes WFContentItemFilter: #conditions(all, [{Property: "Body", Operator: 99, Values: #record {String: "eggs"}, Removable: true}])
            is.workflow.actions.properties.note WFContentItemPropertyName: "Body"
            """)
        #expect(made.status == 0 && made.output == "# Groceries\n- milk\n- eggs\n", "\(made.output) \(made.error)")
        let folder = home + "/Notes/Notes"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Groceries 2.md", "Groceries.md"])
        let missing = try run(#"is.workflow.actions.appendnote WFNote: "Chores", WFInput: "x""#)
        #expect(missing.status == 1 && missing.error.contains("parameter WFNote: there is no note named “Chores”"), "\(missing.error)")
    }
}
