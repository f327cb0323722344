// swift-tools-version:6.0
// SurfaceSim: a discrete-event simulator of the programs one app really is.
// No package dependencies (SPEC §1): the Swift toolchain only.
import PackageDescription

/// Strict settings applied to every target in one place (as swift-log does).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .unsafeFlags(["-warnings-as-errors"]),
]
/// Release builds specialise generics across modules, so the kernel's event
/// queue runs at full speed when driven from the surfaces module; debug builds
/// (and so `make test`) keep Swift's dynamic exclusivity checks on.
let fast: [SwiftSetting] = strict + [
    .unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "SurfaceSim",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "surfacesim", targets: ["surfacesim"]),
    ],
    targets: [
        // Clock, event queue, process lifecycle, random streams. No Foundation.
        .target(name: "SimKernel", swiftSettings: fast),
        // The operating system the surfaces run on: device, storage, widget host, push, watch link.
        .target(name: "Platform", dependencies: ["SimKernel"], swiftSettings: fast),
        // The app's programs and its backend, assembled into one world per replication.
        .target(name: "Surfaces", dependencies: ["SimKernel", "Platform"], swiftSettings: fast),
        // Scenario files, sweeps, metrics, histograms, CSV, SVG, probes and failure modes.
        .target(name: "Study", dependencies: ["SimKernel", "Platform", "Surfaces"], swiftSettings: fast),
        // The command line: a thin layer over Study.
        .executableTarget(name: "surfacesim", dependencies: ["Study"], swiftSettings: fast),
        // The hold-model benchmark of SPEC §8.
        .executableTarget(name: "HoldBench", dependencies: ["SimKernel"], path: "Benchmarks/HoldBench", swiftSettings: fast),
        // Helpers shared by the test targets (seeded loops, tolerances).
        .target(name: "TestSupport", dependencies: ["SimKernel"], swiftSettings: strict),
        .testTarget(name: "SimKernelTests", dependencies: ["SimKernel", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "SurfacesTests", dependencies: ["Surfaces", "Platform", "SimKernel", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "StudyTests", dependencies: ["Study", "Surfaces", "SimKernel", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], exclude: ["Fixtures", "Golden"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
