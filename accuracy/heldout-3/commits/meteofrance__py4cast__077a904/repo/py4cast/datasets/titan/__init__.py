import datetime as dt
import json
import time
import traceback
import warnings
from copy import deepcopy
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Dict, List, Literal, Tuple, Union

import cartopy
import gif
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import torch
import tqdm
import typer
import xarray as xr
from joblib import Parallel, delayed
from skimage.transform import resize

# Cyeccodes is a Cython module from Météo-France to read grib faster than xarray+cfgrib
try:
    from cyeccodes import nested_dd_iterator
    from cyeccodes.eccodes import get_multi_messages_from_file

    use_cyeccodes = True
except ImportError:
    warnings.warn(
        f"Could not import Cyeccodes, switching to xarray+cfgrib. {traceback.format_exc()}"
    )
    use_cyeccodes = False

from torch.utils.data import DataLoader, Dataset

from py4cast.datasets.base import (
    DatasetABC,
    DatasetInfo,
    Item,
    NamedTensor,
    Stats,
    TorchDataloaderSettings,
    collate_fn,
)
from py4cast.datasets.titan.settings import (
    DEFAULT_CONFIG,
    FORMATSTR,
    METADATA,
    SCRATCH_PATH,
)
from py4cast.plots import DomainInfo
from py4cast.settings import CACHE_DIR
from py4cast.utils import merge_dicts

app = typer.Typer()


def get_weight_per_lvl(level: int, kind: Literal["hPa", "m"]):
    if kind == "hPa":
        return 1 + (level) / (1000)
    else:
        return 2


def read_grib_with_cyeccodes(
    path_grib: Path, name=None, level=None
) -> Dict[str, Dict[int, np.ndarray]]:
    if name or level:
        include_filters = {
            k: v for k, v in [("cfVarName", name), ("level", [level])] if v is not None
        }
    else:
        include_filters = None
    _, results = get_multi_messages_from_file(
        path_grib,
        storage_keys=("cfVarName", "level"),
        include_filters=include_filters,
        metadata_keys=("missingValue", "Ni", "Nj"),
        include_latlon=False,
    )

    grib_dict = {}
    for metakey, result in nested_dd_iterator(results):
        arr = result["values"]
        grid = (result["metadata"]["Nj"], result["metadata"]["Ni"])
        mv = result["metadata"]["missingValue"]
        arr = np.reshape(arr, grid)
        arr = np.where(arr == mv, np.nan, arr)
        name, level = metakey.split("-")
        level = int(level)
        grib_dict[name] = {}
        grib_dict[name][level] = arr
    return grib_dict


def read_grib_with_xarray(path_grib: Path) -> Dict[str, Dict[int, np.ndarray]]:
    ds = xr.load_dataset(path_grib, engine="cfgrib", backend_kwargs={"indexpath": ""})
    grib_dict = {}
    for name in ds.data_vars:
        level_name = ds[name].attrs["GRIB_typeOfLevel"]
        level = int(ds[level_name].values)
        grib_dict[name] = {}
        grib_dict[name][level] = ds[name].values
    return grib_dict


#############################################################
#                            PERIOD                         #
#############################################################


@dataclass(slots=True)
class Period:
    start: dt.datetime
    end: dt.datetime
    step: int  # In hours, step btw the t0 of 2 samples
    name: str

    def __init__(self, start: int, end: int, step: int, name: str):
        self.start = dt.datetime.strptime(str(start), "%Y%m%d%H")
        self.end = dt.datetime.strptime(str(end), "%Y%m%d%H")
        self.step = step
        self.name = name

    @property
    def date_list(self):
        return pd.date_range(
            start=self.start, end=self.end, freq=f"{self.step}H"
        ).to_pydatetime()


#############################################################
#                            GRID                           #
#############################################################


@dataclass
class Grid:
    name: Literal["ANTJP7CLIM_1S100", "PAAROME_1S100", "PAAROME_1S40", "PA_01D"]
    border_size: int = 10
    # subdomain selection: If (0,0,0,0) the whole domain is kept.
    subdomain: Tuple[int] = (0, 0, 0, 0)
    # Note : training won't work with the full domain on some NN because the size
    # can't be divided by 2. Minimal domain : [0,1776,0,2800]
    x: int = field(init=False)  # X dimension
    y: int = field(init=False)  # Y dimension

    def __post_init__(self):
        grid_info = METADATA["GRIDS"][self.name]
        self.full_size = grid_info["size"]
        self.path_config = SCRATCH_PATH / f"conf_{self.name}.grib"

        # Setting correct subdomain if no subdomain is selected.
        if sum(self.subdomain) == 0:
            self.subdomain = (0, self.full_size[0], 0, self.full_size[1])
        self.x = self.subdomain[1] - self.subdomain[0]
        self.y = self.subdomain[3] - self.subdomain[2]

    @cached_property
    def lat(self) -> np.array:
        conf_ds = xr.open_dataset(self.path_config)
        latitudes = conf_ds.latitude[self.subdomain[0] : self.subdomain[1]]
        return np.transpose(np.tile(latitudes, (self.y, 1)))

    @cached_property
    def lon(self) -> np.array:
        conf_ds = xr.open_dataset(self.path_config)
        longitudes = conf_ds.longitude[self.subdomain[2] : self.subdomain[3]]
        return np.tile(longitudes, (self.x, 1))

    # TODO : from the grib, save a npy lat lon h mask for each grid

    @property
    def geopotential(self) -> np.array:
        conf_ds = xr.open_dataset(self.path_config)
        return conf_ds.h.values[
            self.subdomain[0] : self.subdomain[1], self.subdomain[2] : self.subdomain[3]
        ]

    @property
    def landsea_mask(self) -> np.array:
        return np.zeros((self.x, self.y))  # TODO : add real mask

    @property
    def border_mask(self) -> np.array:
        if self.border_size > 0:
            border_mask = np.ones((self.x, self.y)).astype(bool)
            size = self.border_size
            border_mask[size:-size, size:-size] *= False
        elif self.border_size == 0:
            border_mask = np.ones((self.x, self.y)).astype(bool) * False
        else:
            raise ValueError(f"Bordersize should be positive. Get {self.border_size}")
        return border_mask

    @property
    def N_grid(self) -> int:
        return self.x * self.y

    @cached_property
    def grid_limits(self):
        conf_ds = xr.open_dataset(self.path_config)
        grid_limits = [  # In projection (llon, ulon, llat, ulat)
            float(conf_ds.longitude[self.subdomain[2]].values),  # min y
            float(conf_ds.longitude[self.subdomain[3] - 1].values),  # max y
            float(conf_ds.latitude[self.subdomain[1] - 1].values),  # max x
            float(conf_ds.latitude[self.subdomain[0]].values),  # min x
        ]
        return grid_limits

    @cached_property
    def meshgrid(self) -> np.array:
        """Build a meshgrid from coordinates position."""
        conf_ds = xr.open_dataset(self.path_config)
        latitudes = conf_ds.latitude[self.subdomain[0] : self.subdomain[1]]
        longitudes = conf_ds.longitude[self.subdomain[2] : self.subdomain[3]]
        meshgrid = np.array(np.meshgrid(longitudes, latitudes))
        return meshgrid  # shape (2, x, y)

    @cached_property
    def projection(self):
        return cartopy.crs.PlateCarree()


#############################################################
#                            PARAM                          #
#############################################################


@dataclass(slots=True)
class Param:
    name: str
    level: int
    grid: Grid
    # Parameter status :
    # input = forcings, output = diagnostic, input_output = classical weather var
    kind: Literal["input", "output", "input_output"]
    level_type: str = field(init=False)
    long_name: str = field(init=False)
    unit: str = field(init=False)
    native_grid: str = field(init=False)
    grib_name: str = field(init=False)
    grib_param: str = field(init=False)

    def __post_init__(self):
        param_info = METADATA["WEATHER_PARAMS"][self.name]
        self.grib_name = param_info["grib"]
        self.grib_param = param_info["param"]
        self.unit = param_info["unit"]
        if param_info["type_level"] in ["heightAboveGround", "meanSea", "surface"]:
            self.level_type = "m"
        else:
            self.level_type = "hPa"
        self.long_name = param_info["long_name"]
        self.native_grid = param_info["grid"]
        if self.native_grid not in ["PAAROME_1S100", "PAAROME_1S40"]:
            raise NotImplementedError(
                "Parameter native grid must be in ['PAAROME_1S100', 'PAAROME_1S40']"
            )

    @property
    def number(self) -> int:
        """Get the number of parameters."""
        return 1

    @property  # Does not accept a cached property with slots=True
    def ndims(self) -> str:
        return 2

    @property
    def state_weights(self) -> list:
        return [get_weight_per_lvl(self.level, self.level_type)]

    @property
    def parameter_name(self) -> list:
        return [f"{self.long_name} {self.level}{self.level_type}"]

    @property
    def parameter_short_names(self) -> list:
        return [f"{self.name}_{self.level}{self.level_type}"]

    @property
    def units(self) -> list:
        """For a given variable, the unit is the same accross all levels."""
        return [self.unit]

    def get_filepath(
        self, date: dt.datetime, file_format: Literal["npy", "grib", "dataset"]
    ) -> Path:
        """
        Returns the path of the file containing the parameter data.
        - in npy format, data is grouped per weather param.
        - in grib format, data is grouped by level type.
        - in "dataset" format, data is saved as npy and each 2D array is saved as one
        file to optimize IO during training."""
        folder = SCRATCH_PATH / file_format / date.strftime(FORMATSTR)
        filename = f"{self.name}_{self.level}{self.level_type.lower()}.npy"
        if file_format == "npy":
            return folder / filename
        elif file_format == "grib":
            return folder / self.grib_name
        else:
            str_subdomain = "-".join([str(i) for i in self.grid.subdomain])
            dataset_path = SCRATCH_PATH / f"dataset_{self.grid.name}_{str_subdomain}"
            return dataset_path / date.strftime(FORMATSTR) / filename

    def fit_to_grid(self, arr: np.ndarray) -> np.ndarray:
        if self.grid.name == self.native_grid:
            return arr
        anti_aliasing = self.grid.name == "PAAROME_1S40"  # True if downsampling
        return resize(arr, self.grid.full_size, anti_aliasing=anti_aliasing)

    def load_data_npy(self, date: dt.datetime) -> np.ndarray:
        arr = np.load(self.get_filepath(date, "npy"))
        return arr

    def load_data_grib(self, date: dt.datetime) -> np.ndarray:
        path_grib = self.get_filepath(date, "grib")
        if use_cyeccodes:
            param_dict = read_grib_with_cyeccodes(
                path_grib, name=self.grib_param, level=self.level
            )[self.grib_param]
        else:
            param_dict = read_grib_with_xarray(path_grib)[self.grib_param]
        arr = param_dict[self.level]
        return arr

    def load_data(
        self, date: dt.datetime, file_format: Literal["npy", "grib", "dataset"] = "grib"
    ):
        if file_format in ["npy", "grib"]:
            if file_format == "npy":
                arr = self.load_data_npy(date)
            else:
                arr = self.load_data_grib(date)
            arr = self.fit_to_grid(arr)
            subdomain = self.grid.subdomain
            arr = arr[subdomain[0] : subdomain[1], subdomain[2] : subdomain[3]]

            return arr[::-1]  # invert latitude  # TODO : WTF ? plots tensorboard ?
        else:
            return np.load(self.get_filepath(date, file_format))

    def exist(
        self, date: dt.datetime, file_format: Literal["npy", "grib", "dataset"] = "grib"
    ):
        filepath = self.get_filepath(date, file_format)
        return filepath.exists()


#############################################################
#                            SETTINGS                       #
#############################################################


@dataclass(slots=True)
class TitanSettings:
    num_input_steps: int  # Number of input timesteps
    num_pred_steps: int  # Number of output timesteps
    step_duration: float  # duration in hour
    standardize: bool = True
    file_format: Literal["npy", "grib", "dataset"] = "grib"


#############################################################
#                            SAMPLE                         #
#############################################################


@dataclass(slots=True)
class Sample:
    """Describes a sample"""

    date_t0: dt.datetime
    settings: TitanSettings
    params: List[Param]
    stats: Stats
    grid: Grid
    terms: Tuple[float] = field(init=False)  # gap in hours btw step and t0
    dates: Tuple[dt.datetime] = field(init=False)  # date of each step

    def __post_init__(self):
        n_inputs, n_preds = self.settings.num_input_steps, self.settings.num_pred_steps
        steps = list(range(-n_inputs + 1, n_preds + 1))
        self.terms = [self.settings.step_duration * step for step in steps]
        self.dates = [self.date_t0 + dt.timedelta(hours=term) for term in self.terms]

    def __repr__(self):
        return f"Date T0 {self.date}, terms {self.terms}"

    @property
    def hours_of_day(self) -> np.array:
        """Hour of the day for each step. This is a float."""
        hours = [date.hour + date.minute / 60 for date in self.dates]
        return np.asarray(hours)

    @property
    def seconds_from_start_of_year(self) -> np.array:
        """Second from the start of the year for each step."""
        start_of_year = dt.datetime(self.date_t0.year, 1, 1)
        seconds = [(date - start_of_year).total_seconds() for date in self.dates]
        return np.asarray(seconds)

    def is_valid(self) -> bool:
        """Check that all the files necessary for this sample exist.

        Args:
            param_list (List): List of parameters
        Returns:
            Boolean: Whether the sample is available or not
        """
        for date in self.dates:
            for param in self.params:
                if not param.exist(date, self.settings.file_format):
                    return False
        return True

    def get_year_hour_forcing(self):
        """Get the forcing term dependent of the sample time"""
        hour_angle = (torch.Tensor(self.hours_of_day) / 12) * torch.pi  # (sample_len)
        seconds_from_start_year = torch.Tensor(self.seconds_from_start_of_year)
        # Keep only pred steps for forcing
        hour_angle = hour_angle[-self.settings.num_pred_steps :]
        seconds_from_start_year = seconds_from_start_year[
            -self.settings.num_pred_steps :
        ]
        days_in_year = 366 if self.date_t0.year % 4 == 0 else 365
        seconds_in_year = days_in_year * 24 * 60 * 60
        year_angle = (seconds_from_start_year / seconds_in_year) * 2 * torch.pi
        datetime_forcing = torch.stack(
            (
                torch.sin(hour_angle),
                torch.cos(hour_angle),
                torch.sin(year_angle),
                torch.cos(year_angle),
            ),
            dim=1,
        )  # (sample_len, 4)
        datetime_forcing = (datetime_forcing + 1) / 2  # Rescale to [0,1]
        return datetime_forcing

    def get_param_tensor(
        self, param: Param, dates: List[dt.datetime], no_standardize: bool = False
    ) -> torch.tensor:
        if self.settings.standardize and not no_standardize:
            names = param.parameter_short_names
            means = np.asarray([self.stats[name]["mean"] for name in names])
            std = np.asarray([self.stats[name]["std"] for name in names])
        arrays = [param.load_data(date, self.settings.file_format) for date in dates]
        arr = np.stack(arrays)
        # Extend dimension to match 3D (level dimension)
        if len(arr.shape) != 4:
            arr = np.expand_dims(arr, axis=1)
        arr = np.transpose(arr, axes=[0, 2, 3, 1])  # shape = (steps, lvl, x, y)
        if self.settings.standardize and not no_standardize:
            arr = (arr - means) / std
        return torch.from_numpy(arr)

    def load(self, no_standardize: bool = False) -> Item:
        linputs, loutputs, lforcings = [], [], []

        # Reading parameters from files
        for param in self.params:
            state_kwargs = {
                "feature_names": param.parameter_short_names,
                "names": ["timestep", "lat", "lon", "features"],
            }

            if param.kind == "input":
                # forcing is taken for every predicted step
                dates = self.dates[-self.settings.num_pred_steps :]
                tensor = self.get_param_tensor(param, dates, no_standardize)
                tmp_state = NamedTensor(tensor=tensor, **deepcopy(state_kwargs))
                lforcings.append(tmp_state)

            elif param.kind == "output":
                dates = self.dates[-self.settings.num_pred_steps :]
                tensor = self.get_param_tensor(param, dates, no_standardize)
                tmp_state = NamedTensor(tensor=tensor, **deepcopy(state_kwargs))
                loutputs.append(tmp_state)

            else:  # input_output
                tensor = self.get_param_tensor(param, self.dates, no_standardize)
                state_kwargs["names"][0] = "timestep"
                tmp_state = NamedTensor(
                    tensor=tensor[-self.settings.num_pred_steps :],
                    **deepcopy(state_kwargs),
                )

                loutputs.append(tmp_state)
                state_kwargs["names"][0] = "timestep"
                tmp_state = NamedTensor(
                    tensor=tensor[: self.settings.num_input_steps],
                    **deepcopy(state_kwargs),
                )
                linputs.append(tmp_state)

        time_forcing = NamedTensor(  # doy : day_of_year
            feature_names=["cos_hour", "sin_hour", "cos_doy", "sin_doy"],
            tensor=self.get_year_hour_forcing().type(torch.float32),
            names=["timestep", "features"],
        )
        lforcings.append(time_forcing)
        for forcing in lforcings:
            forcing.unsqueeze_and_expand_from_(linputs[0])
        return Item(
            inputs=NamedTensor.concat(linputs),
            outputs=NamedTensor.concat(loutputs),
            forcing=NamedTensor.concat(lforcings),
        )

    def plot(self, item: Item, step: int, save_path: Path = None) -> None:
        # Retrieve the named tensor
        ntensor = item.inputs if step <= 0 else item.outputs

        # Retrieve the timestep data index
        if step <= 0:  # input step
            index_tensor = step + self.settings.num_input_steps - 1
        else:  # output step
            index_tensor = step - 1

        # Sort parameters by level, to plot each level on one line
        levels = sorted(list(set([param.level for param in self.params])))
        dict_params = {level: [] for level in levels}
        for param in self.params:
            dict_params[param.level].append(param)

        # Groups levels 0m, 2m and 10m on one "surf" level
        dict_params["surf"] = []
        for lvl in [0, 2, 10]:
            if lvl in levels:
                dict_params["surf"] += dict_params.pop(lvl)

        # Plot settings
        kwargs = {"projection": self.grid.projection}
        nrows = len(dict_params.keys())
        ncols = max([len(param_list) for param_list in dict_params.values()])
        fig, axs = plt.subplots(nrows, ncols, figsize=(20, 15), subplot_kw=kwargs)

        for i, level in enumerate(dict_params.keys()):
            for j, param in enumerate(dict_params[level]):
                pname = param.parameter_short_names[0]
                tensor = ntensor[pname][index_tensor, :, :, 0]
                arr = tensor.numpy()[::-1]  # invert latitude # TODO WTF tensorboard ?
                vmin, vmax = self.stats[pname]["min"], self.stats[pname]["max"]
                img = axs[i, j].imshow(
                    arr, vmin=vmin, vmax=vmax, extent=self.grid.grid_limits
                )
                axs[i, j].set_title(pname)
                axs[i, j].coastlines(resolution="50m")
                cbar = fig.colorbar(img, ax=axs[i, j], fraction=0.04, pad=0.04)
                cbar.set_label(param.unit)

        hours_delta = dt.timedelta(hours=self.settings.step_duration * step)
        plt.suptitle(f"Run: {self.date_t0} - Valid time: {self.date_t0 + hours_delta}")
        plt.tight_layout()

        if save_path is not None:
            plt.savefig(save_path)
            plt.close()

    @gif.frame
    def plot_frame(self, item: Item, step: int) -> None:
        self.plot(item, step)

    def plot_gif(self, save_path: Path):
        # We don't want to standardize data for plots
        item = self.load(no_standardize=True)
        frames = []
        n_inputs, n_preds = self.settings.num_input_steps, self.settings.num_pred_steps
        steps = list(range(-n_inputs + 1, n_preds + 1))
        for step in tqdm.tqdm(steps, desc="Making gif"):
            frame = self.plot_frame(item, step)
            frames.append(frame)
        gif.save(frames, str(save_path), duration=250)


#############################################################
#                            DATASET                        #
#############################################################


class TitanDataset(DatasetABC, Dataset):
    # Si on doit travailler avec plusieurs grilles, on fera un super dataset qui contient
    # plusieurs datasets chacun sur une seule grille
    def __init__(
        self, grid: Grid, period: Period, params: List[Param], settings: TitanSettings
    ):
        self.grid = grid
        if grid.name not in ["PAAROME_1S100", "PAAROME_1S40"]:
            raise NotImplementedError(
                "Grid must be in ['PAAROME_1S100', 'PAAROME_1S40']"
            )
        self.period = period
        self.params = params
        self.settings = settings
        self._cache_dir = CACHE_DIR / "datasets" / str(self)
        self.shuffle = self.period.name == "train"
        self.cache_dir.mkdir(parents=True, exist_ok=True)

        n_input, n_pred = self.settings.num_input_steps, self.settings.num_pred_steps
        filename = f"valid_samples_{self.period.name}_{n_input}_{n_pred}.txt"
        self.valid_samples_file = self._cache_dir / filename

    @cached_property
    def dataset_info(self) -> DatasetInfo:
        """Returns a DatasetInfo object describing the dataset.

        Returns:
            DatasetInfo: _description_
        """
        shortnames = {
            "forcing": self.shortnames("forcing"),
            "input_output": self.shortnames("input_output"),
            "diagnostic": self.shortnames("diagnostic"),
        }
        return DatasetInfo(
            name=str(self),
            domain_info=self.domain_info,
            shortnames=shortnames,
            units=self.units,
            weather_dim=self.weather_dim,
            forcing_dim=self.forcing_dim,
            step_duration=self.settings.step_duration,
            statics=self.statics,
            stats=self.stats,
            diff_stats=self.diff_stats,
            state_weights=self.state_weights,
        )

    def write_list_valid_samples(self):
        print(f"Writing list of valid samples for {self.period.name} set...")
        with open(self.valid_samples_file, "w") as f:
            for date in tqdm.tqdm(self.period.date_list, "Samples validation"):
                sample = Sample(date, self.settings, self.params, self.stats, self.grid)
                if sample.is_valid():
                    f.write(f"{date.strftime('%Y-%m-%d_%Hh%M')}\n")

    @cached_property
    def sample_list(self):
        """Creates the list of samples."""
        print("Start creating samples...")
        stats = self.stats if self.settings.standardize else None
        if self.valid_samples_file.exists():
            with open(self.valid_samples_file, "r") as f:
                dates_str = [line[:-1] for line in f.readlines()]
                dateformat = "%Y-%m-%d_%Hh%M"
                dates = [dt.datetime.strptime(ds, dateformat) for ds in dates_str]
                samples = [
                    Sample(date, self.settings, self.params, stats, self.grid)
                    for date in dates
                    if date in set(self.period.date_list)
                ]
        else:
            samples = []
            for date in tqdm.tqdm(self.period.date_list):
                sample = Sample(date, self.settings, self.params, stats, self.grid)
                if sample.is_valid():
                    samples.append(sample)
        print(f"--> All {len(samples)} {self.period.name} samples are now defined")
        return samples

    @cached_property
    def dataset_extra_statics(self):
        """Add the LandSea Mask to the statics."""
        return [
            NamedTensor(
                feature_names=["LandSeaMask"],
                tensor=torch.from_numpy(self.grid.landsea_mask)
                .type(torch.float32)
                .unsqueeze(2),
                names=["lat", "lon", "features"],
            )
        ]

    def __len__(self):
        return len(self.sample_list)

    @cached_property
    def forcing_dim(self) -> int:
        """Return the number of forcings."""
        res = 4  # For date (hour and year)
        for param in self.params:
            if param.kind == "input":
                res += param.number
        return res

    @cached_property
    def weather_dim(self) -> int:
        """Return the dimension of pronostic variable."""
        res = 0
        for param in self.params:
            if param.kind == "input_output":
                res += param.number
        return res

    def __getitem__(self, index: int) -> Item:

        # TODO: build a single NamedTensor with all the inputs and outputs in one shot.
        sample = self.sample_list[index]
        item = sample.load()
        return item

    @classmethod
    def get_param_list(cls, conf: dict, grid: Grid) -> List[Param]:
        param_list = []
        for name, values in conf["params"].items():
            for lvl in values["levels"]:
                param = Param(name=name, level=lvl, kind=values["kind"], grid=grid)
                param_list.append(param)
        return param_list

    @classmethod
    def from_dict(
        cls,
        conf: dict,
        num_input_steps: int,
        num_pred_steps_train: int,
        num_pred_steps_val_test: int,
    ) -> Tuple["TitanDataset", "TitanDataset", "TitanDataset"]:
        grid = Grid(**conf["grid"])
        param_list = cls.get_param_list(conf, grid)

        train_settings = TitanSettings(
            num_input_steps, num_pred_steps_train, **conf["settings"]
        )
        train_period = Period(**conf["periods"]["train"], name="train")
        train_ds = TitanDataset(grid, train_period, param_list, train_settings)

        valid_settings = TitanSettings(
            num_input_steps, num_pred_steps_val_test, **conf["settings"]
        )
        valid_period = Period(**conf["periods"]["valid"], name="valid")
        valid_ds = TitanDataset(grid, valid_period, param_list, valid_settings)

        test_period = Period(**conf["periods"]["test"], name="test")
        test_ds = TitanDataset(grid, test_period, param_list, valid_settings)
        return train_ds, valid_ds, test_ds

    @classmethod
    def from_json(
        cls,
        fname: Path,
        num_input_steps: int,
        num_pred_steps_train: int,
        num_pred_steps_val_test: int,
        config_override: Union[Dict, None] = None,
    ) -> Tuple["TitanDataset", "TitanDataset", "TitanDataset"]:
        with open(fname, "r") as fp:
            conf = json.load(fp)
            if config_override is not None:
                conf = merge_dicts(conf, config_override)
        return cls.from_dict(
            conf, num_input_steps, num_pred_steps_train, num_pred_steps_val_test
        )

    def __str__(self) -> str:
        return f"titan_{self.grid.name}"

    def torch_dataloader(
        self, tl_settings: TorchDataloaderSettings = TorchDataloaderSettings()
    ) -> DataLoader:
        return DataLoader(
            self,
            tl_settings.batch_size,
            num_workers=tl_settings.num_workers,
            shuffle=self.shuffle,
            prefetch_factor=tl_settings.prefetch_factor,
            collate_fn=collate_fn,
        )

    @property
    def meshgrid(self) -> np.array:
        """array of shape (2, num_lat, num_lon) of (X, Y) values"""
        return self.grid.meshgrid

    @property
    def geopotential_info(self) -> np.array:
        """array of shape (num_lat, num_lon) with geopotential value for each datapoint"""
        return self.grid.geopotential

    @property
    def border_mask(self) -> np.array:
        return self.grid.border_mask

    def shortnames(
        self,
        kind: List[Literal["input", "output", "input_output"]] = [
            "input",
            "output",
            "input_output",
        ],
    ) -> List[str]:
        """
        Return the name of the parameters in the dataset.
        Does not include grid information (such as geopotentiel and LandSeaMask).
        Make the difference between inputs, outputs.
        """
        names = []
        for param in self.params:
            if param.kind in kind:
                names += param.parameter_short_names
        return names

    @cached_property
    def units(self) -> Dict[str, int]:
        """
        Return a dictionnary with name and units
        """
        dout = {}
        for param in self.params:
            names = param.parameter_short_names
            units = param.units
            for name, unit in zip(names, units):
                dout[name] = unit
        return dout

    @cached_property
    def state_weights(self):
        """Weights used in the loss function."""
        w_dict = {}
        for param in self.params:
            if param.kind in ["output", "input_output"]:
                for name, weight in zip(
                    param.parameter_short_names, param.state_weights
                ):
                    w_dict[name] = weight

        return w_dict

    @property
    def cache_dir(self) -> Path:
        return self._cache_dir

    @cached_property
    def domain_info(self) -> DomainInfo:
        """Information on the domain considered. Usefull information for plotting."""
        return DomainInfo(
            grid_limits=self.grid.grid_limits, projection=self.grid.projection
        )

    @classmethod
    def prepare(
        cls,
        path_config: Path,
        num_input_steps: int,
        num_pred_steps_train: int,
        num_pred_steps_val_test: int,
    ):
        print("--> Preparing Titan Dataset...")

        print("Load train dataset configuration...")
        with open(path_config, "r") as fp:
            conf = json.load(fp)

        print("Computing stats on each parameter...")
        conf["settings"]["standardize"] = False
        train_ds, valid_ds, test_ds = TitanDataset.from_dict(
            conf, num_input_steps, num_pred_steps_train, num_pred_steps_val_test
        )
        train_ds.write_list_valid_samples()
        valid_ds.write_list_valid_samples()
        test_ds.write_list_valid_samples()
        train_ds.compute_parameters_stats()

        print("Computing time stats on each parameters, between 2 timesteps...")
        conf["settings"]["standardize"] = True
        train_ds, valid_ds, test_ds = TitanDataset.from_dict(
            conf, num_input_steps, num_pred_steps_train, num_pred_steps_val_test
        )
        train_ds.compute_time_step_stats()


# TODO :
# - adapt everywhere that 1 param = 1 lvl
# - readme commandes typer


@app.command()
def prepare(
    path_config: Path = DEFAULT_CONFIG,
    num_input_steps: int = 1,
    num_pred_steps_train: int = 1,
    num_pred_steps_val_test: int = 3,
):
    """Prepares Titan by computing statistics on all weather parameters."""
    TitanDataset.prepare(
        path_config, num_input_steps, num_pred_steps_train, num_pred_steps_val_test
    )


def save_sample_dataset(
    date_folder: str, dest: Path, params: List[Param], fformat: str
):
    """Saves each 2D parameter data of the given date as one NPY file."""
    date = dt.datetime.strptime(date_folder, "%Y-%m-%d_%Hh%M")
    (dest / date_folder).mkdir(exist_ok=True)
    for param in params:
        filename = param.get_filepath(date, "npy").name
        dest_file = dest / date_folder / filename
        if not dest_file.exists():
            try:
                arr = param.load_data(date, fformat)
                np.save(dest_file, arr)
            except FileNotFoundError:
                print(f"WARNING: Could not load data {param.name} {date}. Skipping.")


@app.command()
def rescale(
    path_config: Path = DEFAULT_CONFIG, num_workers: int = 30, src_format: str = "npy"
):
    """Prepares Titan files by rescaling and cropping fields in advance."""
    with open(path_config, "r") as fp:
        conf = json.load(fp)
    str_subdomain = "-".join([str(i) for i in conf["grid"]["subdomain"]])
    dest_path = SCRATCH_PATH / f"dataset_{conf['grid']['name']}_{str_subdomain}"
    dest_path.mkdir(exist_ok=True)
    src_path = SCRATCH_PATH / src_format
    print(f"Preparing {dest_path.name}...")
    print(f"Source data: {src_path}")

    grid = Grid(**conf["grid"])
    param_list = TitanDataset.get_param_list(conf, grid)

    date_folders = [path.name for path in sorted(list(src_path.glob("*")))]
    # We use "threads" to avoid _pickle.PicklingError: Could not pickle the task to send it to the workers
    # see https://stackoverflow.com/questions/56884020/
    # spacy-with-joblib-library-generates-pickle-picklingerror-could-not-pickle-the
    Parallel(n_jobs=num_workers, prefer="threads")(
        delayed(save_sample_dataset)(fld, dest_path, param_list, src_format)
        for fld in tqdm.tqdm(date_folders)
    )
    print(f"Dataset saved in {dest_path}")


@app.command()
def describe(path_config: Path = DEFAULT_CONFIG):
    """Describes Titan."""
    train_ds, _, _ = TitanDataset.from_json(path_config, 2, 1, 5)
    train_ds.dataset_info.summary()
    print("Len dataset : ", len(train_ds))
    print("First Item description :")
    data_iter = iter(train_ds.torch_dataloader())
    print(next(data_iter))


@app.command()
def plot(path_config: Path = DEFAULT_CONFIG):
    """Plots a png and a gif for one sample."""
    train_ds, _, _ = TitanDataset.from_json(path_config, 2, 1, 5)
    print("Plot gif of one sample...")
    sample = train_ds.sample_list[0]
    sample.plot_gif("test.gif")
    print("Plot png for one step of sample...")
    item = sample.load(no_standardize=True)
    sample.plot(item, 0, "test.png")


@app.command()
def speedtest(path_config: Path = DEFAULT_CONFIG, n_iter: int = 5):
    """Makes a loading speed test."""
    train_ds, _, _ = TitanDataset.from_json(path_config, 2, 1, 5)
    data_iter = iter(train_ds.torch_dataloader())
    print("Dataset file_format: ", train_ds.settings.file_format)
    print("Speed test:")
    start_time = time.time()
    for i in tqdm.trange(n_iter, desc="Loading samples"):
        _ = next(data_iter)
    delta = time.time() - start_time
    print("Elapsed time : ", delta)
    speed = n_iter / delta
    print(f"Loading speed: {round(speed, 3)} sample(s)/sec")


if __name__ == "__main__":
    app()
