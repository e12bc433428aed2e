"""Builds the card-play kernel (native/) as ``equity._native``; metadata is in pyproject."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "equity._native",
            sources=["native/binding.c", "native/kernel.c", "native/text.c"],
            depends=["native/kernel.h", "native/text.h"],
            extra_compile_args=["-O2", "-Wall", "-Wextra", "-std=c99"],
        )
    ]
)
