// swift-tools-version:6.2
// An example of a surface added to SurfaceSim from outside the project (docs/extending.md):
// a smart speaker that answers "what's my status" from the account's backend.
// It depends on SurfaceSim by path and uses only the library product `SurfaceSimKit`.
import PackageDescription

/// The project's own strict settings: no existential without `any`, no warnings.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "CustomSurface",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SmartSpeaker", targets: ["SmartSpeaker"]),
        .executable(name: "speakersim", targets: ["speakersim"]),
    ],
    dependencies: [
        .package(name: "SurfaceSim", path: "../.."),
    ],
    targets: [
        // The surface: its program, its parameters, its metrics.
        .target(name: "SmartSpeaker", dependencies: [.product(name: "SurfaceSimKit", package: "SurfaceSim")],
                swiftSettings: strict),
        // The whole surfacesim command line, with the speaker added.
        .executableTarget(name: "speakersim", dependencies: ["SmartSpeaker", .product(name: "SurfaceSimKit", package: "SurfaceSim")],
                          swiftSettings: strict),
        .testTarget(name: "SmartSpeakerTests", dependencies: ["SmartSpeaker", .product(name: "SurfaceSimKit", package: "SurfaceSim")],
                    swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
