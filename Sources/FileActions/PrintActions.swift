import ActionSupport
import CMediaLoaders
import Foundation
import Markup
import ShortcutsContent
import ShortcutsEngine

/// Print, through CUPS (libcups2, loaded on first use), the print system of every Linux
/// desktop: each item is one job on the default queue (asked for on a terminal when there is
/// none and several exist). Files, images and PDFs go as they are, for CUPS's filters to
/// convert; rich text is drawn into a PDF by the headless browser (its text when there is none);
/// other content is printed as its text. `CUPS_SERVER` in the run's environment names another server.
enum PrintActions {
    static let all: [ActionDefinition] = [printItems] + [printDocuments].inApp("Print Center")

    /// The queues there are, and the default's name.
    static func queues(server: String?) throws -> (names: [String], preferred: String?) {
        final class Found {
            var names: [String] = []
            var preferred: String?
        }
        let found = Found()
        var reason = [CChar](repeating: 0, count: 512)
        let count = sprint_destinations(
            server,
            { name, isDefault, context in
                guard let name, let context else { return }
                let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                found.names.append(String(cString: name))
                if isDefault != 0 { found.preferred = String(cString: name) }
            }, Unmanaged.passUnretained(found).toOpaque(), &reason, reason.count)
        guard count >= 0 else { throw ActionFailure(LibraryLoading.message(reason)) }
        guard count > 0 else {
            let said = LibraryLoading.message(reason)
            throw ActionFailure(
                "no printer is set up in CUPS\(said.isEmpty ? "" : " (\(said))"): add one in the desktop's printer settings or with lpadmin (apt-get install cups)"
            )
        }
        return (found.names, found.preferred)
    }

    static let printItems = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.print", title: "Print",
            description:
                "Prints each item on the default CUPS printer (asking which when there is no default): files and PDFs as they are, rich text as a drawn PDF, anything else as its text.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true, isList: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["printer", "cups", "paper", "airprint"])
    ) { _ in
        { input, run in
            try print(input.items, on: nil, run: run, parameter: "WFInput", printerParameter: "WFInput")
            return .nothing
        }
    }

    static let printDocuments = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.printcenter.PrintDocuments", title: "Print Documents",
            description:
                "Prints documents on a CUPS printer named (or the default, asking which when there is none), each as Print prints it.",
            parameters: [
                ParameterMetadata(key: "documents", title: "Documents", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "printer", title: "Printer", type: .text),
            ],
            inputParameter: "documents", isReadOnly: false, keywords: ["printer", "cups"])
    ) { parameters in
        { input, run in
            let documents = try run.content(parameters, "documents", orInput: input)
            let printer = try run.content(parameters["printer"])
            let name = (printer.dictionary?["Name"] ?? printer).text.trimmingCharacters(in: .whitespaces)
            try print(documents.items, on: name.isEmpty ? nil : name, run: run, parameter: "documents", printerParameter: "printer")
            return .nothing
        }
    }

    /// Prints each item as one job on `printer`, else the default queue (asking which when
    /// there is none and several exist).
    static func print(_ given: [Content], on printer: String?, run: RunContext, parameter: String, printerParameter: String) throws {
        try LibraryLoading.load(sprint_load)
        let server = run.environment.variables["CUPS_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        let items = given.filter { !$0.isNothing }
        guard !items.isEmpty else { throw ActionFailure("there is nothing to print", parameter: parameter) }
        let (names, preferred) = try queues(server: server)
        var chosen = printer
        if let printer {
            guard let found = names.first(where: { $0.caseInsensitiveCompare(printer) == .orderedSame }) else {
                throw ActionFailure(
                    "CUPS has no printer “\(printer.prefix(60))”; it has \(names.joined(separator: ", "))", parameter: printerParameter)
            }
            chosen = found
        }
        if chosen == nil { chosen = preferred ?? (names.count == 1 ? names[0] : nil) }
        if chosen == nil {
            let picked = try run.environment.prompter.choose("Print on", options: names, multiple: false)
            chosen = picked.first.map { names[$0] }
        }
        guard let queue = chosen else { throw ActionFailure("no printer was chosen", parameter: printerParameter) }
        let folder = try run.scratchFolder("media")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (offset, item) in items.enumerated() {
            try run.checkCancelled()
            let (name, data) = try printable(item, run: run)
            // The file is named by its number and extension only: the job's title carries its
            // name, and Debian 12's cupsd (2.4.2) crashes starting a job whose file name has a space.
            let ext = (name as NSString).pathExtension.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
            let path = folder + "/\(offset)" + (ext.isEmpty ? "" : "." + ext)
            do {
                try data.write(to: URL(fileURLWithPath: path))
            } catch {
                throw ActionFailure("can't write \(name) to print it: \(error.localizedDescription)", parameter: parameter)
            }
            var reason = [CChar](repeating: 0, count: 512)
            guard sprint_file(server, queue, path, name, &reason, reason.count) > 0 else {
                throw ActionFailure("CUPS didn't take \(name) for \(queue): \(LibraryLoading.message(reason))", parameter: parameter)
            }
        }
    }

    /// What one item is printed as: its name and bytes.
    static func printable(_ item: Content, run: RunContext) throws -> (String, Data) {
        guard case .file(let file) = item else {
            return ("\(FileNames.title(of: item.text)).txt", Data(item.text.utf8))
        }
        guard file.isRichText else { return (file.name.isEmpty ? "Document" : file.name, file.data) }
        guard let browser = try? HeadlessBrowser.find(run) else {
            return (file.baseName + ".txt", Data(item.text.utf8))
        }
        let page = try RichTextSource.parse(RichTextSource.html(of: item).source, parameter: "WFInput")
        return (file.baseName + ".pdf", try HeadlessBrowser.draw(page, as: .pdf, browser: browser, run: run))
    }
}
