import ActionSupport
import BuiltinActions
import Foundation
import Markup
import PersonalDataActions
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine

/// libFuzzer's entry point for the content graph and the actions that read what people write:
/// the bytes, as text and as files of several types, are converted to every content class
/// (offline: nothing is downloaded or read), and run through the actions that find contacts,
/// addresses, phone numbers, email addresses, dates, links, dictionaries and measurements in
/// text, through the feed reader (RSS, Atom, a page's feed links), through the iCalendar and
/// vCard reader (calendars, contacts given as files), through the mail reader (headers, encoded
/// words, MIME parts in any charset, addresses), and through rich text: pages parsed, their
/// text, Markdown both ways, articles found. Refusals are expected; crashes, hangs and leaks are the bugs.
///
/// Build and run with `Scripts/fuzz.sh SECONDS FuzzContentGraph`; libFuzzer supplies `main`.
let graph = ContentGraph(download: nil) { path in throw ActionFailure("not read: \(path)") }
let engine = Engine(sources: [Builtins.catalog])
/// One program per action, so one failing doesn't hide the others.
let single: [Program] = [
    "detect.contacts", "detect.address", "detect.phonenumber", "detect.emailaddress", "detect.date", "detect.link", "detect.dictionary",
    "getnameofemoji", "measurement.convert", "viewresult",
].compactMap { identifier in
    var parameters: ParameterDictionary = [:]
    if identifier == "measurement.convert" { parameters["WFMeasurementUnit"] = .plain("m") }
    return try? engine.compile(
        Workflow(actions: [WorkflowAction(identifier: WorkflowAction.builtinPrefix + identifier, parameters: parameters)]), name: "fuzz")
}

/// Get Details of Contacts over a vCard given as a file: names, organization, addresses, birthday.
let contactDetails: [Program] = ["Name", "Company", "Street Address", "Birthday", "Phone Numbers"].compactMap { detail in
    try? engine.compile(
        Workflow(actions: [
            WorkflowAction(
                identifier: WorkflowAction.builtinPrefix + "properties.contacts", parameters: ["WFContentItemPropertyName": .plain(detail)])
        ]), name: "fuzz")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentGraph(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    let items: [Content] = [
        .text(text), .file(FileContent(name: "f.json", data: data)), .file(FileContent(name: "f.plist", data: data)),
        .file(FileContent(name: "f.txt", data: data)), .file(FileContent(name: "f.vcf", data: data)),
        .file(FileContent(name: "f.html", data: data)),
    ]
    for item in items {
        for target in ContentClass.allCases {
            _ = try? graph.convert(item, to: target)
            _ = try? graph.coerce(item, to: target)
        }
    }
    let environment = RunEnvironment(variables: ["LANG": data.first.map { $0 % 2 == 0 ? "de_DE.UTF-8" : "ja_JP.UTF-8" } ?? "C"])
    // Calendars and vCards other programs wrote: read, written back, their dates read, in any zone.
    for component in (try? ICalendar.parse(text)) ?? [] {
        let written = ICalendar.serialize(component)
        _ = try? ICalendar.parse(written)
        for inner in [component] + component.components {
            for property in inner.properties { _ = ICalendar.date(property, zone: TimeZone(identifier: "Asia/Kathmandu")!) }
        }
    }
    for program in contactDetails {
        _ = try? engine.run(program, input: .file(FileContent(name: "card.vcf", data: data)), environment: environment)
    }
    // Rich text: a page as a reader sees it, as Markdown, its article; Markdown as a page.
    if let page = try? HTMLDocument.parse(data) {
        _ = page.plainText()
        _ = Markdown.markdown(from: page)
        _ = Readability.article(from: page, url: URL(string: "https://example.com/a/"))
    }
    if let html = try? Markdown.html(from: text) { _ = try? HTMLDocument.parse(html).plainText() }
    // Mail other programs wrote: headers, encoded words, MIME parts in any charset, addresses.
    let message = MailMessageText(data)
    _ = message.header("Subject")
    _ = MailMessageText.addresses(message.rawHeader("From") ?? text)
    _ = MailMessageText.decodedWords(text)
    // The feed reader reads downloaded pages and feeds: RSS, Atom and the links to them.
    _ = FeedReader.read(text)
    _ = FeedReader.feedLinks(in: text, base: URL(string: "https://example.com/a/")!)
    for program in single {
        _ = try? engine.run(program, input: .text(text), environment: environment)
    }
    return 0
}
