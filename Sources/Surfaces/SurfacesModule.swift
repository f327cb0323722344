import Platform
