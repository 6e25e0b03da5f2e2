import BuiltinActions
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine

/// libFuzzer's entry point for the content graph and the actions that read what people write:
/// the bytes, as text and as files of several types, are converted to every content class
/// (offline: nothing is downloaded or read), and run through the actions that find contacts,
/// addresses, phone numbers, email addresses, dates, links, dictionaries and measurements in
/// text, and through the feed reader (RSS, Atom, a page's feed links). Refusals are expected; crashes, hangs and leaks are the bugs.
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentGraph(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    let items: [Content] = [
        .text(text), .file(FileContent(name: "f.json", data: data)), .file(FileContent(name: "f.plist", data: data)),
        .file(FileContent(name: "f.txt", data: data)), .file(FileContent(name: "f.vcf", data: data)),
    ]
    for item in items {
        for target in ContentClass.allCases {
            _ = try? graph.convert(item, to: target)
            _ = try? graph.coerce(item, to: target)
        }
    }
    let environment = RunEnvironment(variables: ["LANG": data.first.map { $0 % 2 == 0 ? "de_DE.UTF-8" : "ja_JP.UTF-8" } ?? "C"])
    // The feed reader reads downloaded pages and feeds: RSS, Atom and the links to them.
    _ = FeedReader.read(text)
    _ = FeedReader.feedLinks(in: text, base: URL(string: "https://example.com/a/")!)
    for program in single {
        _ = try? engine.run(program, input: .text(text), environment: environment)
    }
    return 0
}
