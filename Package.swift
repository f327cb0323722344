// swift-tools-version:6.2
// SurfaceSim: a discrete-event simulator of the programs one app really is.
// No package dependencies: the Swift toolchain only.
//
// The package is also a library (`SurfaceSimKit`) that other packages depend on, so it
// carries no unsafe flags (SwiftPM refuses them in a dependency). The kernel and the
// platform expose their hot generic paths as `@inlinable`, so a plain
// `swift build -c release` specialises them in the modules that use them.
import PackageDescription

/// Strict settings applied to every target in one place (as swift-log does).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
]

/// The built-in surfaces' folders under `Sources/Surfaces` (docs/extending.md). Each folder's
/// `Programs/` is a module of its own, `<folder>Programs`: the compiler's boundary of issue 42,
/// so a surface's programs see the kernel, the platform and the surface API (`SurfaceCore`)
/// only, never the world, the assembly or another surface's programs. The rest of the folder
/// (its parameters, metrics, signals and identities) is part of `SurfaceCore`.
let surfaceFolders = ["System", "Widget", "App", "LiveStatus", "Watch", "Share", "Actions", "InstantVersion", "Car", "Television"]
let surfacePrograms = surfaceFolders.map { Target.Dependency(stringLiteral: $0 + "Programs") }
/// The folders of `Sources/Surfaces` that make the surface API (`SurfaceCore`).
let surfaceAPIFolders = ["Program", "Parameters", "Metrics", "Registry", "Inputs", "World"]

let package = Package(
    name: "SurfaceSim",
    platforms: [.macOS(.v15)],
    products: [
        // What a researcher imports to write surfaces and studies: `import SurfaceSimKit`
        // brings in Study, Surfaces, Platform and SimKernel.
        .library(name: "SurfaceSimKit", targets: ["SurfaceSimKit"]),
        .executable(name: "surfacesim", targets: ["surfacesim"]),
    ],
    targets: [
        // Clock, event queue, process lifecycle, random streams. No Foundation.
        .target(name: "SimKernel", swiftSettings: strict),
        // The operating system the surfaces run on: the network, the app's lifecycle, the device,
        // shared storage and secure storage, the watch link; it names none of the app's programs.
        .target(name: "Platform", dependencies: ["SimKernel"], swiftSettings: strict),
        // Estimators, intervals, selection and variance components: pure computation on the
        // standard library and the C library's libm, tested alone (docs/statistics.md).
        .target(name: "Statistics", swiftSettings: strict),
        // The surface API every surface's programs see, and what the study and the measurement
        // layer know of each surface: the program door (`SurfaceProgram`, its setup, context and
        // ports), the inputs programs send each other, the parameters, the metric catalogue and
        // the measurement layer, and each surface's own declarations beside its `Programs/` (its parameters,
        // metrics, signals and identities). It names no program.
        .target(name: "SurfaceCore", dependencies: ["SimKernel", "Platform"], path: "Sources/Surfaces",
                exclude: ["Assembly", "Chapter"] + surfaceFolders.map { $0 + "/Programs" }, swiftSettings: strict),
        // One replication's world: the list of built-in surfaces, the assembly that builds and
        // wires their programs, `Replication.run`, and the chapter's probes and failure table.
        .target(name: "Surfaces", dependencies: ["SimKernel", "Platform", "SurfaceCore"] + surfacePrograms,
                path: "Sources/Surfaces", exclude: surfaceAPIFolders + surfaceFolders, swiftSettings: strict),
        // Scenario files, sweeps, metrics, histograms, CSV, SVG, probes and failure modes.
        // The model's identity (manifest.json `model`) is generated into it by ModelIdentityPlugin.
        .target(name: "Study", dependencies: ["SimKernel", "Platform", "SurfaceCore", "Surfaces", "Statistics"], swiftSettings: strict,
                plugins: ["ModelIdentityPlugin"]),
        // The library's one module: re-exports the modules above.
        .target(name: "SurfaceSimKit", dependencies: ["Study", "SurfaceCore", "Surfaces", "Platform", "SimKernel", "Statistics"], swiftSettings: strict),
        // The command line: a thin layer over Study.
        .executableTarget(name: "surfacesim", dependencies: ["Study"], swiftSettings: strict),
        // The kernel's hold-model benchmark.
        .executableTarget(name: "HoldBench", dependencies: ["SimKernel"], path: "Benchmarks/HoldBench", swiftSettings: strict),
        // Hashes the model's sources into a Swift file before Study compiles (docs/output.md
        // "Provenance"): a build-tool plugin and the tool it runs, standard library only.
        .plugin(name: "ModelIdentityPlugin", capability: .buildTool(), dependencies: ["ModelHasher"]),
        .executableTarget(name: "ModelHasher", path: "Plugins/ModelHasher", swiftSettings: strict),
        // Helpers shared by the test targets (seeded loops, tolerances).
        .target(name: "TestSupport", dependencies: ["SimKernel"], swiftSettings: strict),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"], swiftSettings: strict),
        .testTarget(name: "SimKernelTests", dependencies: ["SimKernel", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "SimKernel"], swiftSettings: strict),
        .testTarget(name: "SurfacesTests", dependencies: ["Surfaces", "SurfaceCore", "Platform", "SimKernel", "TestSupport"] + surfacePrograms, swiftSettings: strict),
        .testTarget(name: "StudyTests", dependencies: ["Study", "Surfaces", "SurfaceCore", "SimKernel", "SurfaceSimKit", "TestSupport"] + surfacePrograms, swiftSettings: strict),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], exclude: ["Fixtures", "Golden"], swiftSettings: strict),
    ] + surfaceFolders.map { folder in
        .target(name: folder + "Programs", dependencies: ["SimKernel", "Platform", "SurfaceCore"],
                path: "Sources/Surfaces/\(folder)/Programs", swiftSettings: strict)
    },
    swiftLanguageModes: [.v6]
)
