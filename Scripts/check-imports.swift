// Checks two things about each target's `import` lines, and exits 1 listing what is wrong:
//
// 1. every package module a target imports is declared in its dependencies in Package.swift
//    (SwiftPM's --explicit-target-dependency-import-check misses a module reachable through
//    another dependency);
// 2. every module under Sources/ has a row in docs/ARCHITECTURE.md's table of modules, and
//    imports (and declares) only the package modules its "May import" column names: no action
//    family imports another, no front end imports a family.
//
//   swift Scripts/check-imports.swift        # from the package root
import Foundation

struct Failure: Error, CustomStringConvertible { let description: String }

func packageDescription() throws -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw Failure(description: "swift package dump-package failed")
    }
    return json
}

/// The module names a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`).
func imports(in text: String) -> Set<String> {
    var modules: Set<String> = []
    for line in text.split(separator: "\n") {
        var words = line.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { continue }
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        modules.insert(String(path.split(separator: ".")[0]))
    }
    return modules
}

/// The "May import" column of docs/ARCHITECTURE.md's table of modules, by module: the rows whose
/// second cell is one backquoted name; `—` is none.
func allowedImports(in document: String) -> [String: Set<String>] {
    var rows: [String: Set<String>] = [:]
    for line in document.split(separator: "\n") where line.hasPrefix("| ") {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count == 6, cells[2].hasPrefix("`"), cells[2].hasSuffix("`"), cells[2].dropFirst().dropLast().allSatisfy({ $0 != "`" })
        else { continue }
        let allowed = cells[4] == "—" ? [] : cells[4].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
        rows[String(cells[2].dropFirst().dropLast())] = Set(allowed)
    }
    return rows
}

let architecture = "docs/ARCHITECTURE.md"
guard let document = try? String(contentsOfFile: architecture, encoding: .utf8) else {
    print("can't read \(architecture), whose table of modules says what each module may import")
    exit(1)
}
let allowed = allowedImports(in: document)
let package = try packageDescription()
let targets = package["targets"] as? [[String: Any]] ?? []
let names = Set(targets.compactMap { $0["name"] as? String })
var problems: [String] = []
for target in targets {
    guard let name = target["name"] as? String, let type = target["type"] as? String, type != "plugin" else { continue }
    let folder = target["path"] as? String ?? ((type == "test" ? "Tests/" : "Sources/") + name)
    var declared: Set<String> = []
    for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        for value in dependency.values {
            if let list = value as? [Any], let first = list.first as? String { declared.insert(first) }
        }
    }
    var used: [String: Set<String>] = [:]
    var swiftFiles = 0
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let file = enumerator?.nextObject() as? String {
        guard file.hasSuffix(".swift"), let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
        swiftFiles += 1
        for module in imports(in: text) where names.contains(module) && module != name { used[module, default: []].insert(file) }
    }
    for (module, files) in used.sorted(by: { $0.key < $1.key }) where !declared.contains(module) {
        problems.append("\(name) imports \(module) (in \(files.sorted().prefix(3).joined(separator: ", "))) but doesn't declare it")
    }
    // The layering rule holds for the modules under Sources/ (tests, fuzzers and benchmarks may
    // reach anything they test; the C modules import nothing).
    guard folder == "Sources/" + name, swiftFiles > 0 else { continue }
    guard let mayImport = allowed[name] else {
        problems.append("\(name) has no row in \(architecture)'s table of modules: add one saying what it owns and may import")
        continue
    }
    for (module, files) in used.sorted(by: { $0.key < $1.key }) where !mayImport.contains(module) {
        problems.append(
            "\(name) imports \(module) (in \(files.sorted().prefix(3).joined(separator: ", "))), which its row in \(architecture) does not allow")
    }
    for module in declared.sorted() where names.contains(module) && !mayImport.contains(module) && used[module] == nil {
        problems.append("\(name) declares a dependency on \(module) in Package.swift, which its row in \(architecture) does not allow")
    }
}
if problems.isEmpty {
    print("Every target declares the package modules it imports, and imports only what \(architecture) allows (\(targets.count) targets).")
} else {
    for problem in problems { print(problem) }
    print("\(problems.count) problem(s) with imports: declare them in Package.swift, or keep to the layers in \(architecture)")
    exit(1)
}
