# (C) Copyright 2025 Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0
# which can be obtained at http://www.apache.org/licenses/LICENSE-2.0.
#
# In applying this licence, ECMWF does not waive the privileges and immunities
# granted to it by virtue of its status as an intergovernmental organisation
# nor does it submit to any jurisdiction.


import logging

import numpy as np
import torch
from torch import Tensor
from torch.cuda.graphs import make_graphed_callables
from torch.nn import Module

LOGGER = logging.getLogger(__name__)


def legendre_gauss_weights(n: int, a: float = -1.0, b: float = 1.0) -> np.ndarray:
    r"""Helper routine which returns the Legendre-Gauss nodes and weights
    on the interval [a, b].

    Parameters
    ----------
    n : int
        Number of latitudes at weight to compute weights and latitudes.
    a : float, optional
        Left endpoint of the interval. Default is -1.0.
    b : float, optional
        Right endpoint of the interval. Default is 1.0.

    Returns
    -------
    xlg : np.ndarray
        Legendre-Gauss nodes (latitudes) on the interval [a, b].
    wlg : np.ndarray
        Legendre-Gauss weights on the interval [a, b].
    """

    xlg, wlg = np.polynomial.legendre.leggauss(n)
    xlg = (b - a) * 0.5 * xlg + (b + a) * 0.5
    wlg = wlg * (b - a) * 0.5

    return xlg, wlg


def legpoly(
    mmax: int,
    lmax: int,
    x: np.ndarray,
    inverse: bool = False,
) -> np.ndarray:
    r"""Computes the values of (-1)^m c^l_m P^l_m(x) at the positions specified by x.
    The resulting tensor has shape (mmax + 1, lmax + 1, len(x)).

    Parameters
    ----------
    mmax : int
        Maximum zonal wavenumber. mmax + 1 is used to size the Legendre polynomials array.
    lmax : int
        Maximum total wavenumber. lmax + 1 is used to size the Legendre polynomials array.
    x : np.ndarray
        Points at which to evaluate the Legendre polynomials. Should be in the range [-1, 1].
    inverse : bool, optional
        Whether to invert the normalisation factor or not. Should be set to True for the inverse Legendre transform and
        False for the forward Legendre transform. Default is False.

    Notes
    -----
    This is derived from the version in torch-harmonics.

    Method of computation follows
    [1] Schaeffer, N.; Efficient spherical harmonic transforms aimed at pseudospectral numerical simulations, G3:
    Geochemistry, Geophysics, Geosystems.
    [2] Rapp, R.H.; A Fortran Program for the Computation of Gravimetric Quantities from High Degree Spherical Harmonic
    Expansions, Ohio State University Columbus; report; 1982; https://apps.dtic.mil/sti/citations/ADA123406.
    [3] Schrama, E.; Orbit integration based upon interpolated gravitational gradients.
    """

    # Compute the tensor P^m_n:
    nmax = max(mmax, lmax)
    vdm = np.zeros((nmax + 1, nmax + 1, len(x)), dtype=np.float64)

    norm_factor = np.sqrt(4 * np.pi)
    norm_factor = 1.0 / norm_factor if inverse else norm_factor
    vdm[0, 0, :] = norm_factor / np.sqrt(4 * np.pi)

    # Fill the diagonal and the lower diagonal
    for n in range(1, nmax + 1):
        vdm[n - 1, n, :] = np.sqrt(2 * n + 1) * x * vdm[n - 1, n - 1, :]
        vdm[n, n, :] = np.sqrt((2 * n + 1) * (1 + x) * (1 - x) / 2 / n) * vdm[n - 1, n - 1, :]

    # Fill the remaining values on the upper triangle and multiply b
    for n in range(2, nmax + 1):
        for m in range(0, n - 1):
            vdm[m, n, :] = (
                x * np.sqrt((2 * n - 1) / (n - m) * (2 * n + 1) / (n + m)) * vdm[m, n - 1, :]
                - np.sqrt((n + m - 1) / (n - m) * (2 * n + 1) / (2 * n - 3) * (n - m - 1) / (n + m)) * vdm[m, n - 2, :]
            )

    vdm = vdm[: mmax + 1, : lmax + 1]

    return vdm


class SphericalHarmonicTransform(Module):
    r"""Generic class for performing direct (AKA forward) transforms from a global gridded tensor to a space with a
    spherical harmonic basis.

    Attributes
    ----------
    lons_per_lat : list[int]
        Number of longitudinal points on each latitude ring, from pole to pole.
    nlat : int
        Number of latitudes in the grid, from pole to pole.
    truncation : int
        Maximum wavenumber. truncation + 1 is used to size the Legendre polynomials array
    n_grid_points : int
        Total number of grid points in the global grid.
    slon : list[int]
        Starting index of each latitude ring in the flattened grid dimension.
    rlon : list[int]
        Number of zeros to add to the end of each rFFT output, so that each zonal wavenumber Legendre transform has the
        same shape.

    Methods
    -------
    rfft_rings_reduced(x: Tensor) -> Tensor
        Performs direct real-to-complex FFT on each latitude ring of a reduced grid.
    rfft_rings_regular(x: Tensor) -> Tensor
        Performs direct real-to-complex FFT on each latitude ring of a regular grid.
    forward(x: Tensor) -> Tensor
        Performs direct SHT transform (Fourier transform followed by Legendre transform).

    Notes
    -----
    Inspired by the SHT in Nvidia's torch-harmonics.
    """

    def __init__(self, lons_per_lat: list[int], truncation: int, use_graphed_rfft: bool = False) -> None:
        r"""Initializes SphericalHarmonicTransform.

        Parameters
        ----------
        lons_per_lat : list[int]
            Number of longitudinal points on each latitude ring, from pole to pole.
        truncation : int
            Maximum wavenumber. truncation + 1 is used to size the Legendre polynomials array
        use_graphed_rfft : bool, optional
            Whether to use CUDA graphs for the reduced grid rFFT. Default is False.
        """

        super().__init__()

        self.lons_per_lat = lons_per_lat
        self.nlat = len(self.lons_per_lat)
        self.truncation = truncation
        assert (
            0 < self.truncation <= self.nlat
        ), f"Truncation {self.truncation} must be between 1 and number of latitudes {self.nlat}"
        self.n_grid_points = sum(self.lons_per_lat)

        # Set offsets to start of each latitude in flattened grid dimension
        self.slon = [0] + list(np.cumsum(self.lons_per_lat))[:-1]

        # Set padding for each latitude so every rFFT output ring has the same length
        self.rlon = [max(self.lons_per_lat) // 2 - nlon // 2 for nlon in self.lons_per_lat]

        # Use more efficient batched rfft for regular grids
        if len(set(self.lons_per_lat)) > 1:
            if use_graphed_rfft:
                self.rfft_rings = self.rfft_rings_reduced_graphed
            else:
                self.rfft_rings = self.rfft_rings_reduced_naive
        else:
            self.rfft_rings = self.rfft_rings_regular
        LOGGER.info(f"SphericalHarmonicTransform: Using {self.rfft_rings.__name__} for rfft_rings")

        # To have further control over the memory consumption of the graphed implementation, we
        # group latitudes together into "bands" and create one graph for each band.
        # It seems that most devices today do not have enough memory to handle a graphed global
        # rFFT.
        # 3 bands works well on our H100s with 120 GB of memory.
        number_of_latitude_bands = 3
        self.latitude_bands = []
        for band_idx in range(number_of_latitude_bands):
            start_lat = band_idx * self.nlat // number_of_latitude_bands
            end_lat = (band_idx + 1) * self.nlat // number_of_latitude_bands
            self.latitude_bands.append((start_lat, end_lat))

        # Compute Gaussian latitudes and quadrature weights
        theta, weight = legendre_gauss_weights(self.nlat)
        theta = np.flip(np.arccos(theta))

        # Precompute associated Legendre polynomials
        pct = legpoly(self.truncation, self.truncation, np.cos(theta))
        pct = torch.from_numpy(pct)

        # Premultiple associated Legendre polynomials by quadrature weights
        weight = torch.from_numpy(weight)
        weight = torch.einsum("mlk, k -> mlk", pct, weight)

        self._graphed_rfft_cache = {}

        self.register_buffer("weight", weight, persistent=False)

    def rfft_rings_reduced_naive(self, x: Tensor) -> Tensor:
        r"""Performs direct real-to-complex FFT on each latitude ring of a reduced grid.
        Naive (eager) implementation using rfft_rings_reduced_banded with a single band.

        Parameters
        ----------
        x : torch.Tensor
            field [..., grid]

        Returns
        -------
        torch.Tensor
            Fourier space field [..., latitude, zonal wavenumber m]
        """

        return self.rfft_rings_reduced_banded(x, start_lat=0, end_lat=self.nlat)

    def rfft_rings_reduced_banded(self, x: Tensor, start_lat: int, end_lat: int) -> Tensor:
        r"""Performs direct real-to-complex FFT on each latitude ring of a reduced grid, from start_lat to end_lat.
        Naive (eager) implementation.

        Parameters
        ----------
        x : torch.Tensor
            field [..., grid]

        Returns
        -------
        torch.Tensor
            Fourier space field [..., latitude, zonal wavenumber m]
        """

        if x.dtype == torch.float16:
            cdtype = torch.complex32
        elif x.dtype == torch.float32:
            cdtype = torch.complex64
        elif x.dtype == torch.float64:
            cdtype = torch.complex128
        else:
            raise TypeError(f"SphericalHarmonicTransform:rfft_rings_reduced Unsupported dtype: {x.dtype}")

        # Prepare zero-padded output tensor for filling with rfft
        output_tensor = torch.zeros(
            *x.shape[:-1],
            end_lat - start_lat,
            max(self.lons_per_lat) // 2 + 1,
            device=x.device,
            dtype=cdtype,
        )

        # Do a real-to-complex FFT on each latitude
        for i, (slon, nlon) in enumerate(zip(self.slon[start_lat:end_lat], self.lons_per_lat[start_lat:end_lat])):
            output_tensor[..., i, : nlon // 2 + 1] = torch.fft.rfft(x[..., slon : slon + nlon], norm="forward")

        return output_tensor

    def rfft_rings_reduced_graphed(self, x: Tensor) -> Tensor:
        r"""Performs direct real-to-complex FFT on each latitude ring of a reduced grid.
        Uses graphs.

        Parameters
        ----------
        x : torch.Tensor
            field [..., grid]

        Returns
        -------
        torch.Tensor
            Fourier space field [..., latitude, zonal wavenumber m]
        """

        from functools import partial

        if x.device.type != "cuda":
            raise RuntimeError('Graphed rFFT requested but input device is not "cuda"')

        key = (tuple(x.shape), x.dtype, x.device, x.requires_grad)
        if key not in self._graphed_rfft_cache:
            sample_x = torch.zeros_like(x, requires_grad=x.requires_grad)
            with torch.amp.autocast("cuda", cache_enabled=False):
                # Separate graphs for each latitude band, but all created with a single make_graphed_callables call
                self._graphed_rfft_cache[key] = make_graphed_callables(
                    tuple(
                        partial(self.rfft_rings_reduced_banded, start_lat=latitude_band[0], end_lat=latitude_band[1])
                        for latitude_band in self.latitude_bands
                    ),
                    tuple([(sample_x,)] * len(self.latitude_bands)),
                )

        return torch.cat([f(x) for f in self._graphed_rfft_cache[key]], dim=-2)

    def rfft_rings_regular(self, x: Tensor) -> Tensor:
        """Performs direct real-to-complex FFT on each latitude ring of a regular grid.

        Parameters
        ----------
        x : torch.Tensor
            field [..., grid]

        Returns
        -------
        torch.Tensor
            Fourier space field [..., latitude, zonal wavenumber m]
        """

        return torch.fft.rfft(x.reshape(*x.shape[:-1], self.nlat, self.lons_per_lat[0]), norm="forward")

    def forward(self, x: Tensor) -> Tensor:
        """Performs direct SHT transform (Fourier transform followed by Legendre transform).

        Parameters
        ----------
        x : torch.Tensor
            field [..., grid]

        Returns
        -------
        torch.Tensor
            spectral representation of field [..., total wavenumber l, zonal wavenumber m]
        """

        x = 2.0 * torch.pi * self.rfft_rings(x)
        x = torch.view_as_real(x)

        rl = torch.einsum("...km, mlk -> ...lm", x[..., : self.truncation + 1, 0], self.weight.to(x.dtype))
        im = torch.einsum("...km, mlk -> ...lm", x[..., : self.truncation + 1, 1], self.weight.to(x.dtype))

        x = torch.stack((rl, im), -1)
        x = torch.view_as_complex(x)

        return x


class InverseSphericalHarmonicTransform(Module):
    r"""Generic class for performing inverse (AKA backward) transforms from a spectral representation to a global gridded
    tensor.

    Attributes
    ----------
    truncation : int
        Maximum wavenumber. truncation + 1 is used to size the Legendre polynomials array
    nlat : int
        Number of latitudes in the grid, from pole to pole.
    lons_per_lat : list[int]
        Number of longitudinal points on each latitude ring, from pole to pole.
    n_grid_points : int
        Total number of grid points in the global grid.

    Methods
    -------
    irfft_rings_reduced(x: Tensor) -> Tensor
        Performs inverse complex-to-real FFT on each latitude ring of a reduced grid.
    irfft_rings_regular(x: Tensor) -> Tensor
        Performs inverse complex-to-real FFT on each latitude ring of a regular grid.
    forward(x: Tensor) -> Tensor
        Performs inverse SHT transform (inverse Legendre transform followed by inverse Fourier transform).

    Notes
    -----
    Inspired by the SHT in Nvidia's torch-harmonics.
    """

    def __init__(self, lons_per_lat: list[int], truncation: int, use_graphed_irfft: bool = False) -> None:
        r"""Initializes InverseSphericalHarmonicTransform.

        Parameters
        ----------
        lons_per_lat : list[int]
            Number of longitudinal points on each latitude ring, from pole to pole.
        truncation : int
            Maximum wavenumber. truncation + 1 is used to size the Legendre polynomials array.
        use_graphed_irfft : bool, optional
            Whether to use CUDA graphs for the reduced grid irFFT. Default is False.
        """

        super().__init__()

        nlat = len(lons_per_lat)

        self.truncation = truncation
        self.nlat = nlat
        self.lons_per_lat = lons_per_lat
        self.n_grid_points = sum(self.lons_per_lat)

        # Set offsets to start of each latitude in flattened grid dimension
        self.slon = [0] + list(np.cumsum(self.lons_per_lat))[:-1]

        # Use more efficient batched rfft for regular grids
        if len(set(self.lons_per_lat)) > 1:
            if use_graphed_irfft:
                self.irfft_rings = self.irfft_rings_reduced_graphed
            else:
                self.irfft_rings = self.irfft_rings_reduced_naive
        else:
            self.irfft_rings = self.irfft_rings_regular
        LOGGER.info(f"InverseSphericalHarmonicTransform: Using {self.irfft_rings.__name__} for irfft_rings")

        # To have further control over the memory consumption of the graphed implementation, we
        # group latitudes together into "bands" and create one graph for each band.
        # It seems that most devices today do not have enough memory to handle a graphed global
        # rFFT.
        # 3 bands works well on our H100s with 120 GB of memory.
        number_of_latitude_bands = 3
        self.latitude_bands = []
        for band_idx in range(number_of_latitude_bands):
            start_lat = band_idx * self.nlat // number_of_latitude_bands
            end_lat = (band_idx + 1) * self.nlat // number_of_latitude_bands
            self.latitude_bands.append((start_lat, end_lat))

        # Compute Gaussian latitudes (don't need quadrature weights for the inverse)
        theta, _ = legendre_gauss_weights(nlat)
        theta = np.flip(np.arccos(theta))

        # Precompute associated Legendre polynomials
        pct = legpoly(self.truncation, self.truncation, np.cos(theta), inverse=True)
        pct = torch.from_numpy(pct)

        self._graphed_irfft_cache = {}

        self.register_buffer("pct", pct, persistent=False)

    def irfft_rings_reduced_naive(self, x: Tensor) -> Tensor:
        """Performs inverse complex-to-real FFT on each latitude ring of a reduced grid.
        Naive (eager) implementation using irfft_rings_reduced_banded with a single band.

        Parameters
        ----------
        x : torch.Tensor
            Fourier space field [..., latitude, zonal wavenumber m]

        Returns
        -------
        torch.Tensor
            field [..., grid]
        """

        return self.irfft_rings_reduced_banded(x, start_lat=0, end_lat=self.nlat)

    def irfft_rings_reduced_banded(self, x: Tensor, start_lat: int, end_lat: int) -> Tensor:
        """Performs inverse complex-to-real FFT on each latitude ring of a reduced grid, from start_lat to end_lat.
        Naive (eager) implementation.

        Parameters
        ----------
        x : torch.Tensor
            Fourier space field [..., latitude, zonal wavenumber m]

        Returns
        -------
        torch.Tensor
            field [..., grid]
        """

        # Prepare zero-padded output tensor for filling with irfft
        output_tensor = torch.zeros(
            *x.shape[:-2],
            sum(self.lons_per_lat[start_lat:end_lat]),
            device=x.device,
            dtype=torch.float32 if x.dtype == torch.complex64 else torch.float64,
        )

        # Do a complex-to-real IFFT on each latitude
        for i, (slon, nlon) in enumerate(zip(self.slon[start_lat:end_lat], self.lons_per_lat[start_lat:end_lat])):
            output_tensor[..., slon - self.slon[start_lat] : slon - self.slon[start_lat] + nlon] = torch.fft.irfft(
                x[..., start_lat + i, :], nlon, norm="forward"
            )

        return output_tensor

    def irfft_rings_reduced_graphed(self, x: Tensor) -> Tensor:
        r"""Performs inverse complex-to-real FFT on each latitude ring of a reduced grid.
        Uses graphs.

        Parameters
        ----------
        x : torch.Tensor
            Fourier space field [..., latitude, zonal wavenumber m]

        Returns
        -------
        torch.Tensor
            field [..., grid]
        """

        from functools import partial

        if x.device.type != "cuda":
            raise RuntimeError('Graphed irFFT requested but input device is not "cuda"')

        key = (tuple(x.shape), x.dtype, x.device, x.requires_grad)
        if key not in self._graphed_irfft_cache:
            sample_x = torch.zeros_like(x, requires_grad=x.requires_grad)
            with torch.amp.autocast("cuda", cache_enabled=False):
                # Separate graphs for each latitude band, but all created with a single make_graphed_callables call
                self._graphed_irfft_cache[key] = make_graphed_callables(
                    tuple(
                        partial(self.irfft_rings_reduced_banded, start_lat=latitude_band[0], end_lat=latitude_band[1])
                        for latitude_band in self.latitude_bands
                    ),
                    tuple([(sample_x,)] * len(self.latitude_bands)),
                )

        return torch.cat([f(x) for f in self._graphed_irfft_cache[key]], dim=-1)

    def irfft_rings_regular(self, x: Tensor) -> Tensor:
        """Performs inverse complex-to-real FFT on each latitude ring of a regular grid.

        Parameters
        ----------
        x : torch.Tensor
            Fourier space field [..., latitude, zonal wavenumber m]

        Returns
        -------
        torch.Tensor
            field [..., grid]
        """

        return torch.fft.irfft(x, self.lons_per_lat[0], norm="forward").reshape(*x.shape[:-2], self.n_grid_points)

    def forward(self, x: Tensor) -> Tensor:
        """Performs inverse SHT transform (inverse Legendre transform followed by inverse Fourier transform).

        Parameters
        ----------
        x : torch.Tensor
            spectral representation of field [..., total wavenumber l, zonal wavenumber m]

        Returns
        -------
        torch.Tensor
            field [..., grid]
        """

        x = torch.view_as_real(x)

        rl = torch.einsum("...lm, mlk -> ...km", x[..., 0], self.pct.to(x.dtype))
        im = torch.einsum("...lm, mlk -> ...km", x[..., 1], self.pct.to(x.dtype))

        x = torch.stack((rl, im), -1).to(x.dtype)
        x = torch.view_as_complex(x)
        x = self.irfft_rings(x)

        return x
