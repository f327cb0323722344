// The library product: one `import SurfaceSimKit` gives a package that depends on
// SurfaceSim the study layer, the surfaces, the platform, the kernel and the statistics,
// as if each had been imported. Every type keeps its own module's name (`Surfaces.World`, `SurfaceCore.Parameters`,
// `SimKernel.Engine`), and a client may still import a single module on its own.
@_exported import Study
@_exported import Surfaces
@_exported import SurfaceCore
@_exported import Platform
@_exported import SimKernel
@_exported import Statistics
