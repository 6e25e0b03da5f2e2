// Checks that every target declares, in Package.swift, each of the package's modules it
// imports. SwiftPM's --explicit-target-dependency-import-check misses a module reachable through
// another dependency; this compares each target's `import` lines with its declared dependencies.
//
//   swift Scripts/check-imports.swift        # from the package root; exits 1 listing what's missing
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
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let file = enumerator?.nextObject() as? String {
        guard file.hasSuffix(".swift"), let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
        for module in imports(in: text) where names.contains(module) && module != name { used[module, default: []].insert(file) }
    }
    for (module, files) in used.sorted(by: { $0.key < $1.key }) where !declared.contains(module) {
        problems.append("\(name) imports \(module) (in \(files.sorted().prefix(3).joined(separator: ", "))) but doesn't declare it")
    }
}
if problems.isEmpty {
    print("Every target declares the package modules it imports (\(targets.count) targets).")
} else {
    for problem in problems { print(problem) }
    print("\(problems.count) undeclared import(s): add them to the target's dependencies in Package.swift")
    exit(1)
}
