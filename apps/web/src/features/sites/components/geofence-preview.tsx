import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { geofenceCircle, scaleBar } from '../utils/geofence';
import classes from './geofence-preview.module.css';

const WIDTH = 480;
const HEIGHT = 200;
const GRID = 24;
const MIN_ZOOM = 1;
const MAX_ZOOM = 22;

type GeofencePreviewProps = {
  latitude: number | undefined;
  longitude: number | undefined;
  radius: number | undefined;
  zoom: number;
  onZoomChange: (zoom: number) => void;
};

/** An offline sketch of the geofence: a grid, the site's centre and its radius drawn to the zoom's scale. */
export function GeofencePreview({ latitude, longitude, radius, zoom, onZoomChange }: GeofencePreviewProps) {
  const { t, i18n } = useTranslation('sites');
  const ready =
    latitude !== undefined &&
    longitude !== undefined &&
    radius !== undefined &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    radius > 0;
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const circle = ready ? geofenceCircle({ latitude, radius, zoom }, HEIGHT / 2 - 8) : null;
  const scale = ready ? scaleBar(latitude, zoom, 90) : null;
  // The grid drifts with the coordinates so moving the centre is visible even without map tiles.
  const shiftX = ready ? (((longitude * 997) % GRID) + GRID) % GRID : 0;
  const shiftY = ready ? (((latitude * 991) % GRID) + GRID) % GRID : 0;
  const barStart = scale ? (i18n.dir() === 'rtl' ? 12 : WIDTH - 12 - scale.px) : 0;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });

  return (
    <div className={classes.frame} data-testid="geofence-preview">
      <svg
        className={classes.svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={ready ? t('geofence.aria', { radius: number.format(radius), zoom }) : t('geofence.empty')}
      >
        {Array.from({ length: Math.ceil(WIDTH / GRID) + 1 }, (_, i) => (
          <line
            key={`v${i}`}
            className={classes.grid}
            x1={i * GRID - shiftX}
            y1={0}
            x2={i * GRID - shiftX}
            y2={HEIGHT}
          />
        ))}
        {Array.from({ length: Math.ceil(HEIGHT / GRID) + 1 }, (_, i) => (
          <line
            key={`h${i}`}
            className={classes.grid}
            x1={0}
            y1={i * GRID - shiftY}
            x2={WIDTH}
            y2={i * GRID - shiftY}
          />
        ))}
        <line className={classes.road} x1={-10} y1={HEIGHT * 0.72} x2={WIDTH + 10} y2={HEIGHT * 0.38} />
        <line className={classes.road} x1={WIDTH * 0.3} y1={-10} x2={WIDTH * 0.42} y2={HEIGHT + 10} />
        {circle && (
          <circle
            className={classes.fence}
            cx={cx}
            cy={cy}
            r={circle.radiusPx}
            fillOpacity={0.6}
            data-clipped={circle.clipped || undefined}
            data-testid="geofence-circle"
          />
        )}
        {ready && (
          <g data-testid="geofence-marker">
            <path
              className={classes.marker}
              d={`M ${cx} ${cy} c -6 -9 -10 -13 -10 -19 a 10 10 0 1 1 20 0 c 0 6 -4 10 -10 19 z`}
            />
            <circle cx={cx} cy={cy - 19} r={3.5} fill="white" />
          </g>
        )}
        {scale && (
          // The scale bar sits at the bottom inline end, opposite the caption, in either direction.
          <g>
            <line className={classes.scale} x1={barStart} y1={HEIGHT - 14} x2={barStart + scale.px} y2={HEIGHT - 14} />
            <line className={classes.scale} x1={barStart} y1={HEIGHT - 19} x2={barStart} y2={HEIGHT - 9} />
            <line
              className={classes.scale}
              x1={barStart + scale.px}
              y1={HEIGHT - 19}
              x2={barStart + scale.px}
              y2={HEIGHT - 9}
            />
          </g>
        )}
      </svg>
      {ready ? (
        <Stack gap={0} className={classes.caption}>
          <Text size="xs" fw={600}>
            {t('geofence.radius', { metres: number.format(radius) })}
          </Text>
          {scale && (
            <Text size="xs" c="dimmed">
              {t('geofence.scale', { metres: number.format(scale.metres) })}
            </Text>
          )}
          {circle?.clipped && (
            <Text size="xs" c="orange" data-testid="geofence-clipped">
              {t('geofence.clipped')}
            </Text>
          )}
        </Stack>
      ) : (
        <div className={classes.empty}>
          <Text size="sm" c="dimmed">
            {t('geofence.empty')}
          </Text>
        </div>
      )}
      <ActionIcon.Group orientation="vertical" className={classes.zoom}>
        <Tooltip label={t('geofence.zoom_in')} withArrow>
          <ActionIcon
            variant="default"
            aria-label={t('geofence.zoom_in')}
            disabled={zoom >= MAX_ZOOM}
            onClick={() => onZoomChange(Math.min(MAX_ZOOM, zoom + 1))}
            data-testid="geofence-zoom-in"
          >
            <IconPlus size={14} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('geofence.zoom_out')} withArrow>
          <ActionIcon
            variant="default"
            aria-label={t('geofence.zoom_out')}
            disabled={zoom <= MIN_ZOOM}
            onClick={() => onZoomChange(Math.max(MIN_ZOOM, zoom - 1))}
            data-testid="geofence-zoom-out"
          >
            <IconMinus size={14} />
          </ActionIcon>
        </Tooltip>
      </ActionIcon.Group>
    </div>
  );
}
