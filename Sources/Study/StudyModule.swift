import Surfaces
