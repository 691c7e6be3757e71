from attrdict import AttrDict
from collections import OrderedDict
import pandas as pd
import numpy as np
import datetime


def init_data_params(df, normalize_y=True, lagged_regressors=None, split_idx=None, verbose=False):
    """Initialize data scaling values.

    Note: We do a z normalization on the target series 'y',
        unlike OG Prophet, which does shift by min and scale by max.
    Args:
        df (pd.DataFrame): Time series to compute normalization parameters from.
        normalize_y (bool): whether to scale the time series 'y'
        lagged_regressors (OrderedDict): extra regressors with sub_parameters
            normalize (bool)
        split_idx (int): if supplied, params are only computed with data up to this point
        verbose (bool):

    Returns:
        data_params (OrderedDict): scaling values
            with AttrDict entries containing 'shift' and 'scale' parameters
    """
    data_params = OrderedDict({})

    if df['ds'].dtype == np.int64:
        df.loc[:, 'ds'] = df.loc[:, 'ds'].astype(str)
    df.loc[:, 'ds'] = pd.to_datetime(df.loc[:, 'ds'])
    data_params['ds'] = AttrDict({})
    data_params['ds'].shift = df['ds'].min()
    data_params['ds'].scale = df['ds'].max() - data_params['ds'].shift
    #
    if 'y' in df:
        data_params['y'] = AttrDict({})
        data_params['y'].shift = np.mean(df['y'].values) if normalize_y else 0.0
        data_params['y'].scale = np.std(df['y'].values) if normalize_y else 1.0

    if lagged_regressors is not None:
        for xreg in lagged_regressors.keys():
            if xreg not in df.columns:
                raise ValueError("Lagged Regressor {} not found in DataFrame.".format(xreg))
            if lagged_regressors[xreg].normalize == 'auto':
                unique = set(df[xreg].unique())
                if unique == {1, 0 } or unique == {1.0, 0.0 } or unique == {True, False}:
                    lagged_regressors[xreg].normalize = False  # Don't standardize binary variables.
                else:
                    lagged_regressors[xreg].normalize = True
            data_params[xreg] = AttrDict({})
            data_params[xreg].shift = np.mean(df[xreg].values) if lagged_regressors[xreg].normalize else 0.0
            data_params[xreg].scale = np.std(df[xreg].values) if lagged_regressors[xreg].normalize else 1.0

    if verbose:
        print("Data Parameters (shift, scale):")
        print([(k, (v.shift, v.scale)) for k, v in data_params.items()])
    return data_params


def normalize(df, data_params):
    """Apply data scales.

    Applies data scaling factors to df using data_params.

    Args:
        df (pd.DataFrame): with columns 'ds', 'y', (and potentially more regressors)
        data_params (OrderedDict): scaling values,as returned by init_data_params
            with AttrDict entries containing 'shift' and 'scale' parameters
    Returns:
        df: pd.DataFrame, normalized
    """
    for name in data_params:
        if name == 'ds':
            df['t'] = df[name].sub(data_params[name].shift)
            df['t'] = df['t'].div(data_params[name].scale)
            # df.loc[:, 't'] = (df['ds'] - data_params['ds'].shift) / data_params['ds'].scale
        elif name == 'y':
            df['y_scaled'] = df[name].sub(data_params[name].shift)
            df['y_scaled'] = df['y_scaled'].div(data_params[name].scale)
            # df['y_scaled'] = np.empty_like(df['y'])
            # not_na = df['y'].notna()
            # df.loc[not_na, 'y_scaled'] = (df.loc[not_na, 'y'].values - data_params['y'].shift) / data_params['y'].scale
        else:
            df[name] = df[name].sub(data_params[name].shift)
            df[name] = df[name].div(data_params[name].scale)
    return df


def check_dataframe(df):
    """Performs basic data sanity checks and ordering

    Prepare dataframe for fitting or predicting.
    Note: contains many lines from OG Prophet

    Args:
        df (pd.DataFrame): with columns ds, y.

    Returns:
        pd.DataFrame prepared for fitting or predicting.
    """

    # TODO: Find mysterious error "A value is trying to be set on a copy of a slice from a DataFrame"
    if df.shape[0] == 0:
        raise ValueError('Dataframe has no rows.')
    if ('ds' not in df) or ('y' not in df):
        raise ValueError(
            'Dataframe must have columns "ds" and "y" with the dates and '
            'values respectively.'
        )
    # check y column: soft
    history = df.loc[df.loc[:, 'y'].notnull()].copy()
    if history.shape[0] < 2:
        raise ValueError('Dataframe has less than 2 non-NaN rows.')
    df.loc[:, 'y'] = pd.to_numeric(df.loc[:, 'y'])
    if np.isinf(df.loc[:, 'y'].values).any():
        raise ValueError('Found infinity in column y.')

    # check ds column
    if df.loc[:, 'ds'].isnull().any():
        raise ValueError('Found NaN in column ds.')
    if df['ds'].dtype == np.int64:
        df.loc[:, 'ds'] = df.loc[:, 'ds'].astype(str)
    df.loc[:, 'ds'] = pd.to_datetime(df.loc[:, 'ds'])
    if df['ds'].dt.tz is not None:
        raise ValueError('Column ds has timezone specified, which is not supported. Remove timezone.')

    if df.loc[:, 'ds'].isnull().any():
        raise ValueError('Found NaN in column ds.')

    ## TODO: extra regressors
    """
    for name in self.extra_regressors:
        if name not in df:
            raise ValueError(
                'Regressor {name!r} missing from dataframe'
                .format(name=name)
            )
        df[name] = pd.to_numeric(df[name])
        if df[name].isnull().any():
            raise ValueError(
                'Found NaN in column {name!r}'.format(name=name)
            )    
    """

    if df.index.name == 'ds':
        df.index.name = None
    df = df.sort_values('ds')
    df = df.reset_index(drop=True)
    return df


def split_df(df, n_lags, n_forecasts, valid_p=0.2, inputs_overbleed=True, verbose=False):
    """Splits timeseries df into train and validation sets.

    Args:
        df (pd.DataFrame): data
        n_lags (int): identical to NeuralProhet
        n_forecasts (int): identical to NeuralProhet
        valid_p (float): fraction of data to use for holdout validation set
        inputs_overbleed (bool): Whether to allow last training targets to be first validation inputs (never targets)
        verbose (bool):

    Returns:
        df_train (pd.DataFrame):  training data
        df_val (pd.DataFrame): validation data
    """
    n_samples = len(df) - n_lags + 2 - 2*n_forecasts
    n_samples = n_samples if inputs_overbleed else n_samples - n_lags
    n_train = n_samples - int(n_samples * valid_p)

    split_idx_train = n_train + n_lags + n_forecasts - 1
    split_idx_val = split_idx_train - n_lags if inputs_overbleed else split_idx_train
    df_train = df.copy(deep=True).iloc[:split_idx_train].reset_index(drop=True)
    df_val = df.copy(deep=True).iloc[split_idx_val:].reset_index(drop=True)
    if verbose: print("{} n_train\n{} n_eval".format(n_train, n_samples - n_train))
    # if verbose: print("{} len train\n{} len eval".format(len(df_train), len(df_val)))
    # if verbose: print(df_train[-5:])
    # if verbose: print(df_val[:5])
    return df_train, df_val


def make_future_df(df, periods, freq):
    """Extends df periods number steps into future.

    Args:
        df (pandas DataFrame): Dataframe with columns 'ds' datestamps and 'y' time series values
        periods (int): number of future steps to predict
        freq (str): Data step sizes. Frequency of data recording,
            Any valid frequency for pd.date_range, such as 'D' or 'M'

    Returns:
        df2 (pd.DataFrame): input df with 'ds' extended into future, and 'y' set to None
    """
    df = check_dataframe(df.copy(deep=True))
    history_dates = pd.to_datetime(df['ds']).sort_values()

    # Note: Identical to OG Prophet:
    last_date = history_dates.max()
    future_dates = pd.date_range(
        start=last_date,
        periods=periods + 1,  # An extra in case we include start
        freq=freq)
    future_dates = future_dates[future_dates > last_date]  # Drop start if equals last_date
    future_dates = future_dates[:periods]  # Return correct number of periods
    future_df = pd.DataFrame({'ds': future_dates})
    future_df["y"] = None
    # future_df["y"] = np.empty(len(future_dates), dtype=float)
    future_df.reset_index(drop=True, inplace=True)
    return future_df


def add_missing_dates_nan(df, freq='D'):
    """Fills missing datetimes in 'ds', with NaN for all other columns

    Args:
        df (pd.Dataframe): with column 'ds'  datetimes
        freq (str):Data step sizes. Frequency of data recording,
            Any valid frequency for pd.date_range, such as 'D' or 'M'

    Returns:
        dataframe without date-gaps but nan-values
    """
    if df['ds'].dtype == np.int64:
        df.loc[:, 'ds'] = df.loc[:, 'ds'].astype(str)
    df.loc[:, 'ds'] = pd.to_datetime(df.loc[:, 'ds'])

    data_len = len(df)
    r = pd.date_range(start=df['ds'].min(), end=df['ds'].max(), freq=freq)
    df_all = df.set_index('ds').reindex(r).rename_axis('ds').reset_index()
    num_added = len(df_all) - data_len
    return df_all, num_added


def impute_missing_with_trend(df_all, column, n_changepoints=5, trend_smoothness=0, freq='D'):
    """Fills missing values with trend.

    Args:
        df_all (pd.Dataframe): with column 'ds'  datetimes and column (including NaN)
        column (str): name of column to be imputed
        n_changepoints (int): see NeuralProphet
        trend_smoothness (float): see NeuralProphet
        freq (str):  see NeuralProphet

    Returns:
        filled df
    """
    from neuralprophet.neural_prophet import NeuralProphet
    m_trend = NeuralProphet(
        n_forecasts=1,
        n_lags=0,
        n_changepoints=n_changepoints,
        verbose=False,
        trend_smoothness=trend_smoothness,
        yearly_seasonality=False,
        weekly_seasonality=False,
        daily_seasonality=False,
        data_freq=freq,
        impute_missing=False,
    )
    is_na = pd.isna(df_all[column])
    df = pd.DataFrame({'ds': df_all['ds'].copy(deep=True), 'y': df_all[column].copy(deep=True)})
    df = df.dropna()
    # print(sum(is_na), sum(pd.isna(df['y'])))
    m_trend.fit(df)
    df = pd.DataFrame({'ds': df_all['ds'].copy(deep=True), 'y': df_all[column].copy(deep=True)})
    trend = m_trend.predict_trend(df, future_periods=0)
    df_all.loc[is_na, column] = trend[is_na]
    return df_all



def fill_small_linear_large_trend(df, column, allow_missing_dates=False, limit_linear=5, n_changepoints=5, trend_smoothness=0, freq='D'):
    """Adds missing dates, fills missing values with linear imputation or trend.

    Args:
        df (pd.Dataframe): with column 'ds'  datetimes and column (potentially including NaN)
        column (str): column name to be filled in.
        allow_missing_dates (bool): whether to fill in missing dates
        limit_linear (int): maximum number of missing values to impute.
            Note: because imputation is done in both directions, this value is effectively doubled.
        n_changepoints (int): resolution of trend to be filled in
        trend_smoothness (float): see NeuralProphet
        freq (str):  see NeuralProphet

    Returns:
        filled df
    """
    if allow_missing_dates is True:
        df_all = df
    else:
        # detect missing dates
        df_all, _ = add_missing_dates_nan(df, freq=freq)
    # impute small gaps linearly:
    df_all.loc[:, column] = df_all[column].interpolate(
        method='linear', limit=limit_linear, limit_direction='both')
    # fill remaining gaps with trend
    df_all = impute_missing_with_trend(
        df_all, column=column, n_changepoints=n_changepoints, trend_smoothness=trend_smoothness, freq=freq)
    return df_all


def test_impute(verbose=True):
    """Debugging data preprocessing"""
    from matplotlib import pyplot as plt
    df = pd.read_csv('../data/example_wp_log_peyton_manning.csv')
    name = 'test'
    df[name] = df['y'].values
    print("sum(pd.isna(df[name]))", sum(pd.isna(df[name])))
    allow_missing_dates = False
    df_filled = fill_small_linear_large_trend(df.copy(deep=True), column=name, allow_missing_dates=allow_missing_dates)
    print("sum(pd.isna(df_filled[name]))", sum(pd.isna(df_filled[name])))

    if verbose:
        if not allow_missing_dates: df, _ = add_missing_dates_nan(df)
        df = df.loc[:350]
        fig1 = plt.plot(df['ds'], df[name], 'b-')
        fig1 = plt.plot(df['ds'], df[name], 'b.')

        df_filled = df_filled.loc[:350]
        fig2 = plt.plot(df_filled['ds'], df_filled[name], 'kx')
        plt.show()


if __name__ == '__main__':
    """
    just used for debugging purposes. 
    should implement proper tests at some point in the future.
    (some test methods might already be deprecated)
    """
    test_impute(True)
