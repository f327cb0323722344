// The build-tool plugin behind manifest.json's `model` (docs/output.md "Provenance"):
// before the Study module compiles, ModelHasher hashes the Swift sources of the modules that
// define the models and writes them into a generated Swift file, so a plain `swift build`
// (and `swift test`, and a package that depends on SurfaceSimKit) has the identity.
// The sources are the command's inputs: changing, adding or removing one re-runs it.
import Foundation
import PackagePlugin

@main
struct ModelIdentityPlugin: BuildToolPlugin {
    /// The modules whose sources are the model's identity: the kernel, the platform, the
    /// surface API, the assembly, the estimators and the study layer (scenario reading,
    /// metrics, files), and every surface's programs (`<Surface>Programs`).
    static let modelModules = ["SimKernel", "Platform", "SurfaceCore", "Surfaces", "Statistics", "Study"]
    static func isModel(_ module: String) -> Bool { modelModules.contains(module) || module.hasSuffix("Programs") }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var sources: [URL] = []
        for module in context.package.targets where Self.isModel(module.name) {
            guard let module = module as? SourceModuleTarget else { continue }
            sources += module.sourceFiles(withSuffix: "swift").map(\.url)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "ModelIdentity.generated.swift")
        // The files git changes when the checked-out commit moves, so that a new commit re-runs
        // the command even when no source changed (absent without git: no commit recorded).
        let git = Self.gitFiles(root)
        var arguments = ["--root", root.path(percentEncoded: false), "--out", output.path(percentEncoded: false)]
        if git.isEmpty { arguments.append("--no-git") }
        arguments += sources.map { $0.path(percentEncoded: false) }
        return [.buildCommand(displayName: "Hashing the model's sources (\(sources.count) files)",
                              executable: try context.tool(named: "ModelHasher").url,
                              arguments: arguments, inputFiles: sources + git, outputFiles: [output])]
    }

    /// `HEAD` and its log in the package's git folder (`.git`, or the folder a worktree's
    /// `.git` file names), those that exist.
    static func gitFiles(_ root: URL) -> [URL] {
        let dotGit = root.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path(percentEncoded: false), isDirectory: &isFolder) else { return [] }
        var folder = dotGit
        if !isFolder.boolValue {
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else { return [] }
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            folder = path.hasPrefix("/") ? URL(filePath: path) : root.appending(path: path)
        }
        return [folder.appending(path: "HEAD"), folder.appending(path: "logs/HEAD")]
            .filter { FileManager.default.fileExists(atPath: $0.path(percentEncoded: false)) }
    }
}
