import Foundation
import PackagePlugin

/// Generates Swift from every `.intentdefinition` file in a target at build time, as Xcode does:
/// each file becomes `<name>.swift` in the plugin's work directory, compiled with the target.
///
/// ```swift
/// .executableTarget(name: "Pizza", dependencies: [.product(name: "Intents", package: "swift-shortcuts")],
///                   plugins: [.plugin(name: "IntentDefinitionPlugin", package: "swift-shortcuts")])
/// ```
@main
struct IntentDefinitionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let definitions = sourceTarget.sourceFiles.filter { $0.url.pathExtension == "intentdefinition" }
        return try commands(
            for: definitions.map(\.url), workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "intentgen").url)
    }

    /// One build command per definition; its output is declared so SwiftPM compiles it and
    /// reruns the generator only when the definition (or a `.strings` table beside it) changes.
    func commands(for definitions: [URL], workDirectory: URL, tool: URL) throws -> [Command] {
        let outputDirectory = workDirectory.appendingPathComponent("GeneratedSources")
        return definitions.map { definition in
            let base = definition.deletingPathExtension().lastPathComponent
            let output = outputDirectory.appendingPathComponent(base + ".swift")
            return .buildCommand(
                displayName: "Generating \(base).swift from \(definition.lastPathComponent)",
                executable: tool,
                arguments: [definition.path, "--output", outputDirectory.path],
                inputFiles: [definition] + stringsTables(beside: definition),
                outputFiles: [output])
        }
    }

    /// The localisation tables intentgen reads, so editing one regenerates.
    private func stringsTables(beside definition: URL) -> [URL] {
        let name = definition.deletingPathExtension().lastPathComponent + ".strings"
        let folder = definition.deletingLastPathComponent()
        let root = folder.pathExtension == "lproj" ? folder.deletingLastPathComponent() : folder
        return ["en.lproj", "Base.lproj"].map { root.appendingPathComponent("\($0)/\(name)") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
